import {
  TAG_NOT_EMPTY_MESSAGE,
  USER_TAG_TYPE,
  type TagMerge,
  type TagPatch,
  type TagPost,
} from "@forum/api/tags";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx, Dialect } from "@library/server/db/database";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { ConflictError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { emitTagsChanged } from "./tagEvents";
import { cleanTagName, requireTaggingEnabled, tagSlugOf } from "./tagNames";
import "./tagTables";

export const TAG_EXISTS_MESSAGE = "A tag with this name already exists.";

function slugFor(name: string, urlcode: string | undefined): string {
  const slug = urlcode ?? tagSlugOf(name);
  if (!slug) throw ValidationError.field("name", "A tag name needs at least one letter or digit.");
  return slug;
}

async function assertSlugFree(trx: DbOrTx, urlcode: string, exceptTagID?: number): Promise<void> {
  let query = trx.selectFrom("tags").select("tagID").where("urlcode", "=", urlcode);
  if (exceptTagID !== undefined) query = query.where("tagID", "<>", exceptTagID);
  if (await query.executeTakeFirst()) throw new ConflictError(TAG_EXISTS_MESSAGE);
}

async function assertParent(trx: DbOrTx, parentTagID: number | null | undefined): Promise<void> {
  if (parentTagID === undefined || parentTagID === null) return;
  const parent = await trx
    .selectFrom("tags")
    .select("tagID")
    .where("tagID", "=", parentTagID)
    .executeTakeFirst();
  if (!parent) throw ValidationError.field("parentTagID", "The parent tag does not exist.", "notFound");
}

async function lockTag(trx: DbOrTx, dialect: Dialect, tagID: number) {
  const row = await trx
    .selectFrom("tags")
    .selectAll()
    .where("tagID", "=", tagID)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Tag");
  return row;
}

/** `POST /tags` (tags.add; a reserved type needs community.manage). Returns the new id; a taken slug is 409. */
export async function createTag(context: AppContext, viewer: Viewer, body: TagPost): Promise<number> {
  requireTaggingEnabled(context);
  viewer.require("tags.add");
  const type = body.type ?? USER_TAG_TYPE;
  if (type !== USER_TAG_TYPE) viewer.require("community.manage");
  const name = cleanTagName(body.name);
  const urlcode = slugFor(name, body.urlcode);
  return writeTransaction(context.db, context.dialect, async (trx) => {
    await assertSlugFree(trx, urlcode);
    await assertParent(trx, body.parentTagID);
    const inserted = await trx
      .insertInto("tags")
      .values({
        name,
        urlcode,
        type,
        parentTagID: body.parentTagID ?? null,
        insertUserID: viewer.userID,
        dateInserted: nowIso(),
      })
      .onConflict((conflict) => conflict.column("urlcode").doNothing())
      .returning("tagID")
      .executeTakeFirst();
    if (!inserted) throw new ConflictError(TAG_EXISTS_MESSAGE);
    return inserted.tagID;
  });
}

/** `PATCH /tags/{id}` (community.manage): rename; the slug follows the name unless one is given. */
export async function patchTag(
  context: AppContext,
  viewer: Viewer,
  tagID: number,
  body: TagPatch,
): Promise<void> {
  requireTaggingEnabled(context);
  viewer.require("community.manage");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = await lockTag(trx, context.dialect, tagID);
    const name = body.name !== undefined ? cleanTagName(body.name) : row.name;
    const urlcode = body.urlcode ?? (body.name !== undefined ? slugFor(name, undefined) : row.urlcode);
    if (urlcode !== row.urlcode) await assertSlugFree(trx, urlcode, tagID);
    if (body.parentTagID === tagID)
      throw ValidationError.field("parentTagID", "A tag cannot be its own parent.");
    await assertParent(trx, body.parentTagID);
    await trx
      .updateTable("tags")
      .set({
        name,
        urlcode,
        ...(body.parentTagID !== undefined ? { parentTagID: body.parentTagID } : {}),
        updateUserID: viewer.userID,
        dateUpdated: nowIso(),
      })
      .where("tagID", "=", tagID)
      .execute();
  });
}

/**
 * `DELETE /tags/{id}` (community.manage): 409 "Tag isn't empty." while a live discussion carries it. Deleted
 * discussions lose it (a restore brings them back without the tag).
 */
export async function deleteTag(context: AppContext, viewer: Viewer, tagID: number): Promise<void> {
  requireTaggingEnabled(context);
  viewer.require("community.manage");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await lockTag(trx, context.dialect, tagID);
    const used = await trx
      .selectFrom("tagDiscussions as td")
      .innerJoin("discussions as d", "d.discussionID", "td.discussionID")
      .select("td.discussionID")
      .where("td.tagID", "=", tagID)
      .where("d.deleteLogID", "is", null)
      .limit(1)
      .executeTakeFirst();
    if (used) throw new ConflictError(TAG_NOT_EMPTY_MESSAGE);
    await trx.deleteFrom("tagDiscussions").where("tagID", "=", tagID).execute();
    await trx.updateTable("tags").set({ parentTagID: null }).where("parentTagID", "=", tagID).execute();
    await trx.deleteFrom("tags").where("tagID", "=", tagID).execute();
  });
}

/**
 * `POST /tags/{id}/merge` (DECISION, community.manage): every discussion carrying a source tag carries the
 * target instead, and the sources are deleted. Tags are locked in ascending id order.
 */
export async function mergeTags(
  context: AppContext,
  viewer: Viewer,
  targetTagID: number,
  body: TagMerge,
): Promise<void> {
  requireTaggingEnabled(context);
  viewer.require("community.manage");
  const sources = [...new Set(body.sourceTagIDs)].sort((a, b) => a - b);
  if (sources.includes(targetTagID))
    throw ValidationError.field("sourceTagIDs", "A tag cannot be merged into itself.");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const locked = await trx
      .selectFrom("tags")
      .select(["tagID", "type"])
      .where("tagID", "in", [targetTagID, ...sources])
      .orderBy("tagID")
      .$call(forUpdate(context.dialect))
      .execute();
    if (!locked.some((row) => row.tagID === targetTagID)) throw new NotFoundError("Tag");
    const missing = sources.filter((id) => !locked.some((row) => row.tagID === id));
    if (missing.length > 0)
      throw ValidationError.field("sourceTagIDs", `Unknown tag: ${missing.join(", ")}.`, "notFound");
    const discussions = await trx
      .selectFrom("tagDiscussions")
      .select("discussionID")
      .distinct()
      .where("tagID", "in", sources)
      .execute();
    const discussionIDs = discussions.map((row) => row.discussionID);
    const now = nowIso();
    for (let index = 0; index < discussionIDs.length; index += 500)
      await trx
        .insertInto("tagDiscussions")
        .values(
          discussionIDs
            .slice(index, index + 500)
            .map((discussionID) => ({ tagID: targetTagID, discussionID, dateInserted: now })),
        )
        .onConflict((conflict) => conflict.columns(["tagID", "discussionID"]).doNothing())
        .execute();
    await trx.deleteFrom("tagDiscussions").where("tagID", "in", sources).execute();
    await trx
      .updateTable("tags")
      .set({ parentTagID: targetTagID })
      .where("parentTagID", "in", sources)
      .execute();
    await trx.deleteFrom("tags").where("tagID", "in", sources).execute();
    await emitTagsChanged(context, trx, discussionIDs);
    return discussionIDs;
  });
}
