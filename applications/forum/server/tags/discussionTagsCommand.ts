import type { TagReference } from "@forum/api/tags";
import type { AppContext } from "@library/server/app/appContext";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { NotFoundError, PermissionError, ValidationError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { categoryIDsWith, getCategoryTree } from "../categories/categoryTree";
import { assertCanEditDiscussion } from "../discussions/discussionPatch";
import { DISCUSSION_NOT_FOUND } from "../discussions/discussionRows";
import { lockDiscussion } from "../locks/forumRowLocks";
import { writeDiscussionTags } from "./discussionTagWrites";
import { emitTagsChanged } from "./tagEvents";
import { requireTaggingEnabled } from "./tagNames";

/**
 * `PUT /discussions/{id}/tags` (replace) and `POST …/tags` (add, also tags.add), API.md 7.12: the author within
 * the edit rule, or discussions.edit in the category. The discussion is locked, then its tags.
 */
export async function changeDiscussionTags(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  body: TagReference,
  mode: "replace" | "add",
): Promise<void> {
  viewer.require("session.valid");
  requireTaggingEnabled(context);
  if (mode === "add") viewer.require("tags.add");
  if (body.tagIDs === undefined && body.urlcodes === undefined)
    throw ValidationError.field("tagIDs", "Give tagIDs or urlcodes.", "missingField");
  const tree = await getCategoryTree(context.db);
  const timeout = await context.settings.get<number>("ui.editContentTimeout");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = await lockDiscussion(trx, context.dialect, discussionID);
    if (!row) throw new NotFoundError(DISCUSSION_NOT_FOUND);
    if (!categoryIDsWith(tree, viewer).has(row.categoryID)) throw new PermissionError(["discussions.view"]);
    assertCanEditDiscussion(tree, viewer, row, timeout);
    const changed = await writeDiscussionTags(
      trx,
      context.dialect,
      discussionID,
      { tagIDs: body.tagIDs ?? [], urlcodes: body.urlcodes ?? [], newTagNames: [] },
      mode,
      viewer,
    );
    if (changed) await emitTagsChanged(context, trx, [discussionID]);
    return changed;
  });
}
