import { REDIRECT_DISCUSSION_TYPE } from "@forum/api/discussionOptions";
import type { Discussion } from "@forum/api/discussions";
import type { DiscussionOptionsMenuProps } from "@forum/api/widgetProps";
import type { AppContext } from "@library/server/app/appContext";
import type { DiscussionSlotContext } from "@library/server/pages/pageSlots";
import type { Viewer } from "@library/server/permissions/viewer";
import { defineSetting } from "@library/server/settings/settingsRegistry";
import { Type } from "@sinclair/typebox";
import { getCategoryTree } from "../categories/categoryTree";
import { LOG_READERS } from "../changeLog/changeLogQueries";
import { postTypeOptions } from "./discussionOptionsCommands";
import { taggingEnabled } from "../tags/tagNames";

/** SPEC 3 `triage.enabled`: 'Resolve' (the triage flag, staff.allow) is offered in Discussion Options. */
export const TRIAGE_SETTING = "triage.enabled";

defineSetting({
  key: TRIAGE_SETTING,
  schema: Type.Boolean(),
  default: false,
  read: "public",
  write: "community.manage",
});

declare module "@library/server/pages/pageSlots" {
  interface PageSlotContexts {
    /** Add-on items of the discussion's options menu (integration actions, SPEC 2). */
    "discussion.options": DiscussionSlotContext;
  }
}

/** What the options menu needs besides the permissions the page computed for editing and deleting. */
export interface OptionsMenuBase {
  edit: boolean;
  delete: boolean;
  editableUntil: string | null;
}

/**
 * The props of 'Discussion Options' (SPEC 2, 6): each item only with its permission, the post types the category
 * allows, and the add-on items of the `discussion.options` slot. Null when the viewer may do nothing.
 */
export async function discussionOptionsProps(
  context: AppContext,
  viewer: Viewer,
  discussion: Discussion,
  base: OptionsMenuBase,
): Promise<DiscussionOptionsMenuProps | null> {
  const inCategory = (permission: string) =>
    viewer.has(permission, { type: "category", id: discussion.categoryID });
  const isRedirect = discussion.type === REDIRECT_DISCUSSION_TYPE;
  const signedIn = !viewer.isGuest;
  const closeOwn =
    signedIn && discussion.insertUserID === viewer.userID && viewer.has("discussions.closeOwn");
  const canEditAny = inCategory("discussions.edit") && !isRedirect;
  const can = {
    edit: base.edit,
    delete: base.delete,
    close: inCategory("discussions.close") || closeOwn,
    sink: inCategory("discussions.sink"),
    log: viewer.has(LOG_READERS),
    announce: inCategory("discussions.announce"),
    move: canEditAny,
    changeType: canEditAny,
    changeAuthor: viewer.has("site.manage") && !isRedirect,
    resolve: context.settings.peek<boolean>(TRIAGE_SETTING) === true && viewer.has("staff.allow"),
    bump: viewer.has("curation.manage"),
    mute: signedIn,
    dismiss: signedIn && discussion.pinned,
    collections: viewer.has("community.manage"),
    tag: taggingEnabled(context) && base.edit && !isRedirect,
  };
  const integrationActions = await context.pageSlots.nodes("discussion.options", {
    app: context,
    viewer,
    discussion,
  });
  if (!Object.values(can).some(Boolean) && integrationActions.length === 0) return null;
  const tree = await getCategoryTree(context.db);
  return {
    discussion: {
      discussionID: discussion.discussionID,
      name: discussion.name,
      url: discussion.url,
      closed: discussion.closed,
      sink: discussion.sink,
      pinned: discussion.pinned,
      pinLocation: discussion.pinLocation,
      categoryID: discussion.categoryID,
      type: discussion.type,
      muted: discussion.muted,
      dismissed: discussion.dismissed,
      ...(discussion.resolved !== undefined && { resolved: discussion.resolved }),
    },
    categoryUrl: discussion.category?.url ?? "/categories",
    can,
    editableUntil: base.editableUntil,
    postTypes: can.changeType ? postTypeOptions(context, tree, discussion.categoryID) : [],
    integrationActions,
  };
}
