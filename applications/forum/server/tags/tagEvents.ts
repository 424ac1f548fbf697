import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";

declare module "@library/server/events/eventBus" {
  interface DomainEvents {
    /** The tags of these discussions changed (set, added, merged): the search index follows. */
    "discussion.tagsChanged": { discussionIDs: number[] };
  }
}

/** Inside the write's transaction: tells whoever follows tags (the search index) which discussions changed. */
export async function emitTagsChanged(
  context: AppContext,
  trx: DbOrTx,
  discussionIDs: readonly number[],
): Promise<void> {
  if (discussionIDs.length > 0)
    await context.events.emit(trx, "discussion.tagsChanged", { discussionIDs: [...new Set(discussionIDs)] });
}
