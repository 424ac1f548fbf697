import { MERGE_NEEDS_TWO, MERGE_TARGET_NOT_SELECTED } from "@forum/api/bulk";
import { HttpError, ValidationError } from "@library/server/errors/httpErrors";
import { defineLongRunnerAction } from "@library/server/longRunner/longRunner";
import { getCategoryTree } from "../categories/categoryTree";
import { deleteDiscussion } from "../discussions/discussionDelete";
import { patchDiscussion } from "../discussions/discussionPatch";
import { DISCUSSION_NOT_FOUND } from "../discussions/discussionRows";
import { discussionCategories, requireOnEveryDiscussion } from "./bulkPermissions";
import { mergeDiscussion } from "./discussionMerge";
import { moveDiscussion, requireMoveTarget, type MoveOptions } from "./discussionMove";

/** `DELETE /discussions/list`: each id as `DELETE /discussions/{id}` (soft delete, every count fixed). */
export const bulkDeleteDiscussions = defineLongRunnerAction<Record<string, never>>({
  name: "discussions.delete",
  audit: { eventType: "discussions.delete", recordType: "discussion" },
  authorize: (context, viewer, _args, ids) =>
    requireOnEveryDiscussion(context, viewer, ids, "discussions.delete"),
  runItem: (context, viewer, _args, id) => deleteDiscussion(context, viewer, id),
});

/** `PATCH /discussions/close`: each id as `PATCH /discussions/{id}` with `{closed}`. */
export const bulkCloseDiscussions = defineLongRunnerAction<{ closed: boolean }>({
  name: "discussions.close",
  audit: { eventType: "discussions.close", recordType: "discussion" },
  authorize: (context, viewer, _args, ids) =>
    requireOnEveryDiscussion(context, viewer, ids, "discussions.close"),
  runItem: (context, viewer, args, id) => patchDiscussion(context, viewer, id, { closed: args.closed }),
});

/** `PATCH /discussions/move`: discussions.edit where each one is and in the target, which must take posts. */
export const bulkMoveDiscussions = defineLongRunnerAction<MoveOptions>({
  name: "discussions.move",
  audit: { eventType: "discussions.move", recordType: "discussion" },
  authorize: async (context, viewer, args, ids) => {
    await requireOnEveryDiscussion(context, viewer, ids, "discussions.edit");
    requireMoveTarget(await getCategoryTree(context.db), viewer, args.categoryID);
  },
  runItem: (context, viewer, args, id) => moveDiscussion(context, viewer, id, args),
});

export interface MergeArgs {
  destinationDiscussionID: number;
  addRedirects: boolean;
  /** Every id of the call, the destination included (its edit permission is checked every round). */
  discussionIDs: number[];
}

/** `PATCH /discussions/merge`: the whole call is checked first (SPEC 5), then each source is merged in turn. */
export const bulkMergeDiscussions = defineLongRunnerAction<MergeArgs>({
  name: "discussions.merge",
  audit: { eventType: "discussions.merge", recordType: "discussion" },
  authorize: async (context, viewer, args, pendingIDs) => {
    viewer.require("session.valid");
    if (args.discussionIDs.length < 2)
      throw ValidationError.field("discussionIDs", MERGE_NEEDS_TWO, "minItems");
    if (!args.discussionIDs.includes(args.destinationDiscussionID))
      throw ValidationError.field("destinationDiscussionID", MERGE_TARGET_NOT_SELECTED);
    // Sources already merged (in an earlier round) are gone: only those left and the destination count.
    const remaining = [...new Set([...pendingIDs, args.destinationDiscussionID])].sort((a, b) => a - b);
    await requireOnEveryDiscussion(context, viewer, remaining, "discussions.edit");
    const live = await discussionCategories(context, remaining);
    const missing = remaining.filter((id) => !live.has(id));
    if (missing.length > 0)
      throw new HttpError(404, `${DISCUSSION_NOT_FOUND} not found.`, { recordIDs: missing });
  },
  runItem: (context, viewer, args, id) =>
    mergeDiscussion(context, viewer, id, args.destinationDiscussionID, args.addRedirects),
});
