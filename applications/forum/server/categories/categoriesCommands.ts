import type { CategoryPatch, CategoryPost } from "@forum/api/categories";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { lockAllCategories } from "../locks/forumRowLocks";
import { rebuildCategoryTree } from "./categoryCounts";
import { assertCategoryGrants, removeCategoryGrants, writeCategoryGrants } from "./categoryPermissions";
import { CATEGORY_NOT_FOUND } from "./categoriesQueries";
import { newCategoryRow } from "./newCategoryRow";
import { getCategoryTree, invalidateCategoryTree, loadCategoryTree, type CategoryTree } from "./categoryTree";

function checkUrlcode(tree: CategoryTree, urlcode: string | undefined, exceptID = 0): void {
  if (urlcode === undefined) return;
  const taken = tree.findByCode(urlcode);
  if (taken && taken.categoryID !== exceptID)
    throw ValidationError.field("urlcode", "The urlcode is already in use by another category.", "unique");
}

function checkParent(tree: CategoryTree, parentID: number | null | undefined, selfID = 0): void {
  if (parentID === undefined || parentID === null) return;
  const parent = tree.get(parentID);
  if (!parent) throw ValidationError.field("parentCategoryID", "The parent category does not exist.");
  if (selfID && tree.ancestorIDs(parentID).includes(selfID))
    throw ValidationError.field("parentCategoryID", "A category cannot be moved inside itself.");
}

/**
 * Writes that change the tree's shape (a new category, a move) lock every category (ascending id) and check
 * against the tree read under that lock; `rebuildCategoryTree` then recounts the ancestors' totals while no
 * comment or discussion can change a category's counts.
 */
async function lockCategoryTree(trx: DbOrTx, context: AppContext): Promise<CategoryTree> {
  await lockAllCategories(trx, context.dialect);
  return loadCategoryTree(trx);
}

async function afterWrite(context: AppContext): Promise<void> {
  invalidateCategoryTree(context.db);
  context.grants.invalidate();
}

function nextSort(tree: CategoryTree, parentID: number | null): number {
  return tree.children(parentID).reduce((max, row) => Math.max(max, row.sort + 1), 0);
}

/** `POST /categories` (site.manage). Returns the new category's id. */
export async function createCategory(
  context: AppContext,
  viewer: Viewer,
  body: CategoryPost,
): Promise<number> {
  viewer.require("site.manage");
  checkUrlcode(await getCategoryTree(context.db), body.urlcode);
  await assertCategoryGrants(context.db, body.permissions);
  const custom = body.customPermissions ?? body.permissions !== undefined;
  const parentID = body.parentCategoryID ?? null;
  const categoryID = await writeTransaction(context.db, context.dialect, async (trx) => {
    const tree = await lockCategoryTree(trx, context);
    checkUrlcode(tree, body.urlcode);
    checkParent(tree, body.parentCategoryID);
    const { categoryID: id } = await trx
      .insertInto("categories")
      .values(
        newCategoryRow({
          parentCategoryID: parentID,
          sort: body.sort ?? nextSort(tree, parentID),
          name: body.name,
          urlcode: body.urlcode,
          description: body.description ?? null,
          displayAs: body.displayAs ?? "discussions",
          customPermissions: custom,
          isArchived: body.isArchived === true,
          featured: body.featured === true,
          iconUrl: body.iconUrl ?? null,
          bannerUrl: body.bannerUrl ?? null,
          allowedDiscussionTypes: body.allowedDiscussionTypes ?? ["discussion"],
          preModeration: body.preModeration === true,
          replyDisplay: body.replyDisplay ?? "flat",
          insertUserID: viewer.userID,
        }),
      )
      .returning("categoryID")
      .executeTakeFirstOrThrow();
    if (custom) await writeCategoryGrants(trx, id, body.permissions, true);
    await rebuildCategoryTree(trx);
    return id;
  });
  await afterWrite(context);
  return categoryID;
}

async function applyPermissionChange(
  trx: DbOrTx,
  categoryID: number,
  wasCustom: boolean,
  body: CategoryPatch,
): Promise<void> {
  const custom = body.customPermissions ?? (body.permissions !== undefined ? true : wasCustom);
  if (!custom) {
    if (wasCustom) await removeCategoryGrants(trx, categoryID);
    return;
  }
  if (!wasCustom || body.permissions)
    await writeCategoryGrants(trx, categoryID, body.permissions, !wasCustom);
}

/** `PATCH /categories/{id}` (site.manage). */
export async function patchCategory(
  context: AppContext,
  viewer: Viewer,
  categoryID: number,
  body: CategoryPatch,
): Promise<void> {
  viewer.require("site.manage");
  const cached = await getCategoryTree(context.db);
  if (!cached.get(categoryID)) throw new NotFoundError(CATEGORY_NOT_FOUND);
  checkUrlcode(cached, body.urlcode, categoryID);
  await assertCategoryGrants(context.db, body.permissions);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const tree = await lockCategoryTree(trx, context);
    const row = tree.get(categoryID);
    if (!row) throw new NotFoundError(CATEGORY_NOT_FOUND);
    checkUrlcode(tree, body.urlcode, categoryID);
    checkParent(tree, body.parentCategoryID, categoryID);
    const wasCustom = row.customPermissions === 1;
    const custom = body.customPermissions ?? (body.permissions !== undefined ? true : wasCustom);
    await trx
      .updateTable("categories")
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.urlcode !== undefined ? { urlcode: body.urlcode } : {}),
        ...(body.parentCategoryID !== undefined ? { parentCategoryID: body.parentCategoryID } : {}),
        ...(body.displayAs !== undefined ? { displayAs: body.displayAs } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.featured !== undefined ? { featured: body.featured ? 1 : 0 } : {}),
        ...(body.isArchived !== undefined ? { isArchived: body.isArchived ? 1 : 0 } : {}),
        ...(body.iconUrl !== undefined ? { iconUrl: body.iconUrl } : {}),
        ...(body.bannerUrl !== undefined ? { bannerUrl: body.bannerUrl } : {}),
        ...(body.sort !== undefined ? { sort: body.sort } : {}),
        ...(body.preModeration !== undefined ? { preModeration: body.preModeration ? 1 : 0 } : {}),
        ...(body.replyDisplay !== undefined ? { replyDisplay: body.replyDisplay } : {}),
        ...(body.allowedDiscussionTypes !== undefined
          ? { allowedDiscussionTypes: JSON.stringify(body.allowedDiscussionTypes) }
          : {}),
        customPermissions: custom ? 1 : 0,
        dateUpdated: nowIso(),
      })
      .where("categoryID", "=", categoryID)
      .execute();
    await applyPermissionChange(trx, categoryID, wasCustom, body);
    await rebuildCategoryTree(trx);
  });
  await afterWrite(context);
}

/** `PUT /categories/{id}/follow` (session.valid + discussions.view). */
export async function setCategoryFollow(
  context: AppContext,
  viewer: Viewer,
  categoryID: number,
  followed: boolean,
): Promise<boolean> {
  viewer.require("session.valid");
  const current = await context.db
    .selectFrom("userCategories")
    .select("followed")
    .where("userID", "=", viewer.userID)
    .where("categoryID", "=", categoryID)
    .executeTakeFirst();
  const was = current?.followed === 1;
  if (was === followed) return followed;
  await writeTransaction(context.db, context.dialect, async (trx) => {
    // The category row first: concurrent follows then count one after the other.
    const locked = await trx
      .selectFrom("categories")
      .select("categoryID")
      .where("categoryID", "=", categoryID)
      .$call(forUpdate(context.dialect))
      .executeTakeFirst();
    if (!locked) throw new NotFoundError(CATEGORY_NOT_FOUND);
    const values = { followed: followed ? 1 : 0, dateFollowed: followed ? nowIso() : null };
    await trx
      .insertInto("userCategories")
      .values({ userID: viewer.userID, categoryID, ...values })
      .onConflict((conflict) => conflict.columns(["userID", "categoryID"]).doUpdateSet(values))
      .execute();
    const rows = await trx
      .selectFrom("userCategories")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("categoryID", "=", categoryID)
      .where("followed", "=", 1)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("categories")
      .set({ countFollowers: Number(rows.count) })
      .where("categoryID", "=", categoryID)
      .execute();
  });
  invalidateCategoryTree(context.db);
  return followed;
}
