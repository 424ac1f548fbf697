import type { AppContext } from "@library/server/app/appContext";

declare module "@library/server/events/eventBus" {
  interface DomainEvents {
    /** The tags of these discussions changed (set, added, merged): the search index follows. */
    "discussion.tagsChanged": { discussionIDs: number[] };
  }
}

/** After commit: tells whoever follows tags (the search index) which discussions changed. */
export function emitTagsChanged(context: AppContext, discussionIDs: readonly number[]): void {
  if (discussionIDs.length > 0)
    context.events.emit("discussion.tagsChanged", { discussionIDs: [...new Set(discussionIDs)] });
}
