import type { AppContext } from "@library/server/app/appContext";
import { writeTransaction } from "@library/server/db/writeTransaction";
import type { DbOrTx } from "@library/server/db/database";
import { ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { removeTranslationsAfterCommit } from "@library/server/translations/recordTranslationsCleanup";
import type { KnowledgeBasePatch, KnowledgeBasePost } from "../../api/knowledgeApi";
import { lockKnowledgeBase } from "../knowledgeLocks";
import { KB_MANAGE } from "../knowledgePermissions";
import { articlesRemoved, KB_RECORD_TYPES } from "../knowledgeRecords";

async function requireFreeUrlCode(trx: DbOrTx, urlCode: string, exceptID = 0): Promise<void> {
  const taken = await trx
    .selectFrom("knowledgeBases")
    .select("knowledgeBaseID")
    .where("urlCode", "=", urlCode)
    .where("knowledgeBaseID", "!=", exceptID)
    .executeTakeFirst();
  if (taken) throw ValidationError.field("urlCode", "This URL code is already in use.", "unique");
}

function requireName(name: string | undefined): void {
  if (name !== undefined && name.trim() === "")
    throw ValidationError.field("name", "name is required.", "required");
}

/** A new knowledge base with its root category (site.manage). Returns its id. */
export async function createKnowledgeBase(
  context: AppContext,
  viewer: Viewer,
  body: KnowledgeBasePost,
): Promise<number> {
  viewer.require(KB_MANAGE);
  requireName(body.name);
  return writeTransaction(context.db, context.dialect, async (trx) => {
    await requireFreeUrlCode(trx, body.urlCode);
    const now = nowIso();
    const base = await trx
      .insertInto("knowledgeBases")
      .values({
        name: body.name.trim(),
        description: body.description ?? "",
        urlCode: body.urlCode,
        viewType: body.viewType ?? "help",
        rootCategoryID: 0,
        insertUserID: viewer.userID,
        dateInserted: now,
        dateUpdated: null,
      })
      .returning("knowledgeBaseID")
      .executeTakeFirstOrThrow();
    const root = await trx
      .insertInto("knowledgeCategories")
      .values({
        knowledgeBaseID: base.knowledgeBaseID,
        parentID: null,
        name: body.name.trim(),
        sort: 0,
        insertUserID: viewer.userID,
        dateInserted: now,
        dateUpdated: null,
      })
      .returning("knowledgeCategoryID")
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("knowledgeBases")
      .set({ rootCategoryID: root.knowledgeCategoryID })
      .where("knowledgeBaseID", "=", base.knowledgeBaseID)
      .execute();
    return base.knowledgeBaseID;
  });
}

export async function patchKnowledgeBase(
  context: AppContext,
  viewer: Viewer,
  knowledgeBaseID: number,
  body: KnowledgeBasePatch,
): Promise<void> {
  viewer.require(KB_MANAGE);
  requireName(body.name);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const base = await lockKnowledgeBase(trx, context.dialect, knowledgeBaseID);
    if (body.urlCode !== undefined) await requireFreeUrlCode(trx, body.urlCode, knowledgeBaseID);
    await trx
      .updateTable("knowledgeBases")
      .set({
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.urlCode !== undefined ? { urlCode: body.urlCode } : {}),
        ...(body.viewType !== undefined ? { viewType: body.viewType } : {}),
        dateUpdated: nowIso(),
      })
      .where("knowledgeBaseID", "=", base.knowledgeBaseID)
      .execute();
  });
}

/** Deletes a base with its categories, articles, revisions and votes (site.manage). */
export async function deleteKnowledgeBase(context: AppContext, viewer: Viewer, knowledgeBaseID: number) {
  viewer.require(KB_MANAGE);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await lockKnowledgeBase(trx, context.dialect, knowledgeBaseID);
    const articleIDs = (
      await trx
        .selectFrom("articles")
        .select("articleID")
        .where("knowledgeBaseID", "=", knowledgeBaseID)
        .execute()
    ).map((row) => row.articleID);
    const categoryIDs = (
      await trx
        .selectFrom("knowledgeCategories")
        .select("knowledgeCategoryID")
        .where("knowledgeBaseID", "=", knowledgeBaseID)
        .execute()
    ).map((row) => row.knowledgeCategoryID);
    if (articleIDs.length > 0) {
      await trx.deleteFrom("articleHelpfulVotes").where("articleID", "in", articleIDs).execute();
      await trx.deleteFrom("articleRevisions").where("articleID", "in", articleIDs).execute();
      await trx.deleteFrom("articles").where("articleID", "in", articleIDs).execute();
    }
    await trx.deleteFrom("knowledgeCategories").where("knowledgeBaseID", "=", knowledgeBaseID).execute();
    await trx.deleteFrom("knowledgeBases").where("knowledgeBaseID", "=", knowledgeBaseID).execute();
    await articlesRemoved(context, trx, articleIDs);
    await removeTranslationsAfterCommit(context, trx, {
      recordType: KB_RECORD_TYPES.category,
      recordIDs: categoryIDs,
    });
    await removeTranslationsAfterCommit(context, trx, {
      recordType: KB_RECORD_TYPES.base,
      recordIDs: [knowledgeBaseID],
    });
  });
}
