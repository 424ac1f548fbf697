import type { DiscussionPost } from "@forum/api/discussions";
import { discussionCreateHooks } from "@library/server/addons/discussionCreateHooks";
import type { AppContext } from "@library/server/app/appContext";
import { ForbiddenError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { assertNotPostMuted } from "@library/server/users/postMutes";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { sql, type Transaction } from "kysely";
import type { Database } from "@library/server/db/database";
import { adjustCategoryCounts } from "../categories/categoryCounts";
import { parseDiscussionTypes } from "../categories/categoriesPresenter";
import {
  getCategoryTree,
  invalidateCategoryTree,
  requireCategoryPermission,
  type CategoryRow,
  type CategoryTree,
} from "../categories/categoryTree";
import { prepareBody } from "../content/bodies";
import { resolvePostType } from "../postTypes/postMeta";
import { lockCategoryChains } from "../locks/forumRowLocks";
import { holdForModeration, readHoldSettings } from "../moderation/holdPosts";
import { NOTIFY_DISCUSSION_CREATED } from "../notifications/notificationJobs";
import { tagChangeOf, writeDiscussionTags } from "../tags/discussionTagWrites";
import { emitTagsChanged } from "../tags/tagEvents";
import { requireTaggingEnabled } from "../tags/tagNames";
import { removePostedDraft } from "../drafts/postedDrafts";

/** Only `discussions` and `flat` categories accept posts (API.md 6.1). */
export function assertCategoryAcceptsPosts(category: CategoryRow): void {
  if (category.displayAs === "categories" || category.displayAs === "heading")
    throw new ForbiddenError(
      `You are not allowed to post in categories with a display type of ${category.displayAs}.`,
    );
}

/** The category a discussion is posted or moved to: it must exist, be visible, accept posts and allow adding. */
export function postableCategory(tree: CategoryTree, viewer: Viewer, categoryID: number): CategoryRow {
  const category = tree.get(categoryID);
  if (!category) throw new NotFoundError("Category");
  requireCategoryPermission(tree, viewer, "discussions.view", categoryID);
  requireCategoryPermission(tree, viewer, "discussions.add", categoryID);
  assertCategoryAcceptsPosts(category);
  return category;
}

/** Field permissions shared by POST and PATCH (API.md 7.5/7.6). */
export function requireFieldPermissions(
  tree: CategoryTree,
  viewer: Viewer,
  categoryID: number,
  body: { sink?: boolean; pinned?: boolean; pinLocation?: string | null; resolved?: boolean },
): void {
  if (body.sink !== undefined) requireCategoryPermission(tree, viewer, "discussions.sink", categoryID);
  if (body.pinned !== undefined || body.pinLocation !== undefined)
    requireCategoryPermission(tree, viewer, "discussions.announce", categoryID);
  if (body.resolved !== undefined) viewer.require("staff.allow");
}

export function pinFields(pinned: boolean | undefined, pinLocation: string | null | undefined) {
  const isPinned = pinned ?? (pinLocation !== undefined && pinLocation !== null);
  return { pinned: isPinned ? 1 : 0, pinLocation: isPinned ? (pinLocation ?? "category") : null };
}

/** Extra writes that must commit with the new post (a scheduled draft being published removes itself). */
export type WithinPostTransaction = (trx: Transaction<Database>, recordID: number) => Promise<void>;

/** `POST /discussions` (session.valid + discussions.add in the category). Returns the new id. */
export async function createDiscussion(
  context: AppContext,
  viewer: Viewer,
  body: DiscussionPost,
  withinTransaction?: WithinPostTransaction,
): Promise<number> {
  viewer.require("session.valid");
  const tree = await getCategoryTree(context.db);
  const category = postableCategory(tree, viewer, body.categoryID);
  if (body.closed !== undefined)
    requireCategoryPermission(tree, viewer, "discussions.close", category.categoryID);
  requireFieldPermissions(tree, viewer, category.categoryID, body);
  const posted = resolvePostType(context, category, body);
  const type = posted?.type ?? body.type ?? "discussion";
  if (
    !parseDiscussionTypes(category.allowedDiscussionTypes).includes(type) ||
    !context.discussionTypes.isAvailable(type)
  )
    throw ValidationError.field(
      "type",
      `${type} is not an allowed discussion type in this category.`,
      "enum",
    );
  const tagChange = tagChangeOf(body);
  if (tagChange) requireTaggingEnabled(context);
  const stored = prepareBody(body.format, body.body);
  const now = nowIso();
  const holdSettings = await readHoldSettings(context);
  const { discussionID, held } = await writeTransaction(context.db, context.dialect, async (trx) => {
    // The category chain is locked before its counts change; a category deleted meanwhile is a 404.
    const categories = await lockCategoryChains(trx, context.dialect, [category.categoryID]);
    if (!categories.has(category.categoryID)) throw new NotFoundError("Category");
    await assertNotPostMuted(trx, viewer.userID);
    await context.postValidators.check(trx, context, {
      recordType: "discussion",
      userID: viewer.userID,
      viewer,
      name: body.name,
      ...stored,
    });
    // A held post (pre-moderation, spam score) is written unpublished: no counts, no notifications yet.
    const hold = await holdForModeration(
      trx,
      context,
      viewer,
      tree,
      {
        recordType: "discussion",
        categoryID: category.categoryID,
        discussionID: 0,
        ...stored,
      },
      holdSettings,
    );
    const { discussionID: id } = await trx
      .insertInto("discussions")
      .values({
        type,
        ...(posted ? { postTypeID: posted.postTypeID, postMeta: posted.postMeta } : {}),
        categoryID: category.categoryID,
        name: body.name,
        ...stored,
        insertUserID: viewer.userID,
        dateInserted: now,
        updateUserID: null,
        dateUpdated: null,
        dateLastComment: now,
        lastUserID: viewer.userID,
        lastCommentID: null,
        countComments: 0,
        countViews: 0,
        score: 0,
        hot: 0,
        ...pinFields(body.pinned, body.pinLocation),
        closed: body.closed ? 1 : 0,
        sink: body.sink ? 1 : 0,
        statusID: 0,
        resolved: body.resolved ? 1 : 0,
        ...(hold ? { deleteLogID: hold.deleteLogID } : {}),
      })
      .returning("discussionID")
      .executeTakeFirstOrThrow();
    if (hold) await hold.attach(id);
    else {
      await adjustCategoryCounts(trx, categories, category.categoryID, { discussions: 1 });
      await trx
        .updateTable("users")
        .set({ countDiscussions: sql`"countDiscussions" + 1` })
        .where("userID", "=", viewer.userID)
        .execute();
    }
    if (tagChange) await writeDiscussionTags(trx, context.dialect, id, tagChange, "replace", viewer);
    if (!hold) await context.jobs.enqueue(trx, NOTIFY_DISCUSSION_CREATED, { discussionID: id });
    await removePostedDraft(trx, viewer, body.draftID);
    if (!hold) {
      await context.events.emit(trx, "discussion.created", {
        discussionID: id,
        categoryID: category.categoryID,
        insertUserID: viewer.userID,
      });
      if (tagChange) await emitTagsChanged(context, trx, [id]);
    }
    await discussionCreateHooks(context).run(
      trx,
      { discussionID: id, categoryID: category.categoryID, body, viewer },
      context,
    );
    await withinTransaction?.(trx, id);
    return { discussionID: id, held: hold !== null };
  });
  if (held) return discussionID;
  invalidateCategoryTree(context.db);
  return discussionID;
}
