import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { ConflictError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { removeTranslationsAfterCommit } from "@library/server/translations/recordTranslationsCleanup";
import type { KnowledgeCategoryPatch, KnowledgeCategoryPost } from "../../api/knowledgeApi";
import { lockKnowledgeBase } from "../knowledgeLocks";
import { KB_MANAGE } from "../knowledgePermissions";
import { KB_RECORD_TYPES } from "../knowledgeRecords";
import { getKnowledgeCategoryRow } from "./knowledgeCategoryQueries";

/** A parent in the same base, and not the category itself or one under it. */
async function requireParent(
  trx: DbOrTx,
  knowledgeBaseID: number,
  parentID: number,
  movingID: number | null,
): Promise<void> {
  const parent = await trx
    .selectFrom("knowledgeCategories")
    .select(["knowledgeCategoryID", "knowledgeBaseID", "parentID"])
    .where("knowledgeCategoryID", "=", parentID)
    .executeTakeFirst();
  if (!parent || parent.knowledgeBaseID !== knowledgeBaseID)
    throw ValidationError.field(
      "parentID",
      "The parent must be a category of the same knowledge base.",
      "invalid",
    );
  if (movingID === null) return;
  const rows = await trx
    .selectFrom("knowledgeCategories")
    .select(["knowledgeCategoryID", "parentID"])
    .where("knowledgeBaseID", "=", knowledgeBaseID)
    .execute();
  const parentOf = new Map(rows.map((row) => [row.knowledgeCategoryID, row.parentID]));
  for (let at: number | null | undefined = parentID; at != null; at = parentOf.get(at))
    if (at === movingID)
      throw ValidationError.field("parentID", "A category cannot be moved under itself.", "invalid");
}

/** A category read under its base's lock (the parent of every category write). */
async function lockedCategory(trx: DbOrTx, context: AppContext, knowledgeCategoryID: number) {
  const category = await getKnowledgeCategoryRow(trx, knowledgeCategoryID);
  await lockKnowledgeBase(trx, context.dialect, category.knowledgeBaseID);
  return getKnowledgeCategoryRow(trx, knowledgeCategoryID);
}

function requireName(name: string | undefined): void {
  if (name !== undefined && name.trim() === "")
    throw ValidationError.field("name", "name is required.", "required");
}

/** A category in a base (site.manage), under the root unless a parent is named. Returns its id. */
export async function createKnowledgeCategory(
  context: AppContext,
  viewer: Viewer,
  body: KnowledgeCategoryPost,
): Promise<number> {
  viewer.require(KB_MANAGE);
  requireName(body.name);
  return writeTransaction(context.db, context.dialect, async (trx) => {
    const base = await trx
      .selectFrom("knowledgeBases")
      .select(["knowledgeBaseID", "rootCategoryID"])
      .where("knowledgeBaseID", "=", body.knowledgeBaseID)
      .$call(forUpdate(context.dialect))
      .executeTakeFirst();
    if (!base) throw ValidationError.field("knowledgeBaseID", "No knowledge base has this id.", "invalid");
    const parentID = body.parentID ?? base.rootCategoryID;
    await requireParent(trx, base.knowledgeBaseID, parentID, null);
    const row = await trx
      .insertInto("knowledgeCategories")
      .values({
        knowledgeBaseID: base.knowledgeBaseID,
        parentID,
        name: body.name.trim(),
        sort: body.sort ?? 0,
        insertUserID: viewer.userID,
        dateInserted: nowIso(),
        dateUpdated: null,
      })
      .returning("knowledgeCategoryID")
      .executeTakeFirstOrThrow();
    return row.knowledgeCategoryID;
  });
}

export async function patchKnowledgeCategory(
  context: AppContext,
  viewer: Viewer,
  knowledgeCategoryID: number,
  body: KnowledgeCategoryPatch,
): Promise<void> {
  viewer.require(KB_MANAGE);
  requireName(body.name);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const category = await lockedCategory(trx, context, knowledgeCategoryID);
    if (body.parentID !== undefined) {
      if (category.parentID === null)
        throw ValidationError.field("parentID", "A knowledge base's root category has no parent.", "invalid");
      await requireParent(trx, category.knowledgeBaseID, body.parentID, knowledgeCategoryID);
    }
    await trx
      .updateTable("knowledgeCategories")
      .set({
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.parentID !== undefined ? { parentID: body.parentID } : {}),
        ...(body.sort !== undefined ? { sort: body.sort } : {}),
        dateUpdated: nowIso(),
      })
      .where("knowledgeCategoryID", "=", knowledgeCategoryID)
      .execute();
  });
}

/** Deletes an empty category (site.manage): 409 while it holds articles or categories, or is a base's root. */
export async function deleteKnowledgeCategory(
  context: AppContext,
  viewer: Viewer,
  knowledgeCategoryID: number,
) {
  viewer.require(KB_MANAGE);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const category = await lockedCategory(trx, context, knowledgeCategoryID);
    if (category.parentID === null)
      throw new ConflictError("A knowledge base's root category is deleted with its knowledge base.");
    const article = await trx
      .selectFrom("articles")
      .select("articleID")
      .where("knowledgeCategoryID", "=", knowledgeCategoryID)
      .executeTakeFirst();
    const child = await trx
      .selectFrom("knowledgeCategories")
      .select("knowledgeCategoryID")
      .where("parentID", "=", knowledgeCategoryID)
      .executeTakeFirst();
    if (article || child)
      throw new ConflictError("Move or delete this category's articles and categories first.");
    await trx
      .deleteFrom("knowledgeCategories")
      .where("knowledgeCategoryID", "=", knowledgeCategoryID)
      .execute();
    await removeTranslationsAfterCommit(context, trx, {
      recordType: KB_RECORD_TYPES.category,
      recordIDs: [knowledgeCategoryID],
    });
  });
}
