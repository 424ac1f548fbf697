import { MAX_TAGS_PER_DISCUSSION, TAG_LIMIT_MESSAGE, USER_TAG_TYPE } from "@forum/api/tags";
import type { Dialect, DbOrTx } from "@library/server/db/database";
import { forUpdate } from "@library/server/db/writeTransaction";
import { ConflictError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { cleanTagName, tagSlugOf } from "./tagNames";
import "./tagTables";

/** Tags asked for on a discussion: existing ones by id or slug, and names that may be new. */
export interface TagChange {
  tagIDs: readonly number[];
  urlcodes: readonly string[];
  newTagNames: readonly string[];
}

/** The tag part of a discussion body (`tagIDs`, `newTagNames`), or null when it has none. */
export function tagChangeOf(body: {
  tagIDs?: readonly number[];
  newTagNames?: readonly string[];
  urlcodes?: readonly string[];
}): TagChange | null {
  if (body.tagIDs === undefined && body.newTagNames === undefined && body.urlcodes === undefined) return null;
  return { tagIDs: body.tagIDs ?? [], urlcodes: body.urlcodes ?? [], newTagNames: body.newTagNames ?? [] };
}

function notFound(field: string, values: readonly (string | number)[]): ValidationError {
  return ValidationError.field(field, `Unknown tag: ${values.join(", ")}.`, "notFound");
}

function reserved(field: string, names: readonly string[]): ValidationError {
  return ValidationError.field(field, `Only user tags may be added to a discussion: ${names.join(", ")}.`);
}

/** Existing tags by id and slug, locked (a tag merged or deleted meanwhile cannot be attached). */
async function resolveExisting(trx: DbOrTx, dialect: Dialect, change: TagChange): Promise<number[]> {
  const ids = [...new Set(change.tagIDs)].sort((a, b) => a - b);
  const codes = [...new Set(change.urlcodes)];
  const resolved: number[] = [];
  if (ids.length > 0) {
    const rows = await trx
      .selectFrom("tags")
      .select(["tagID", "name", "type"])
      .where("tagID", "in", ids)
      .orderBy("tagID")
      .$call(forUpdate(dialect))
      .execute();
    const missing = ids.filter((id) => !rows.some((row) => row.tagID === id));
    if (missing.length > 0) throw notFound("tagIDs", missing);
    const system = rows.filter((row) => row.type !== USER_TAG_TYPE);
    if (system.length > 0)
      throw reserved(
        "tagIDs",
        system.map((row) => row.name),
      );
    resolved.push(...ids);
  }
  if (codes.length > 0) {
    const rows = await trx
      .selectFrom("tags")
      .select(["tagID", "name", "type", "urlcode"])
      .where("urlcode", "in", codes)
      .orderBy("tagID")
      .$call(forUpdate(dialect))
      .execute();
    const missing = codes.filter((code) => !rows.some((row) => row.urlcode === code));
    if (missing.length > 0) throw notFound("urlcodes", missing);
    const system = rows.filter((row) => row.type !== USER_TAG_TYPE);
    if (system.length > 0)
      throw reserved(
        "urlcodes",
        system.map((row) => row.name),
      );
    resolved.push(...rows.map((row) => row.tagID));
  }
  return resolved;
}

/**
 * Tags by name: an existing tag with the same slug is reused; the others are created, which needs tags.add.
 * Two writers creating the same name meet on the unique slug: the second finds the first's row.
 */
async function resolveNames(
  trx: DbOrTx,
  dialect: Dialect,
  names: readonly string[],
  viewer: Viewer,
): Promise<number[]> {
  const wanted = new Map<string, string>();
  for (const raw of names) {
    const name = cleanTagName(raw);
    const slug = tagSlugOf(name);
    if (!name || !slug)
      throw ValidationError.field("newTagNames", "A tag name needs at least one letter or digit.");
    if (!wanted.has(slug)) wanted.set(slug, name);
  }
  if (wanted.size === 0) return [];
  const existing = await trx
    .selectFrom("tags")
    .select(["tagID", "name", "type", "urlcode"])
    .where("urlcode", "in", [...wanted.keys()])
    .orderBy("tagID")
    .$call(forUpdate(dialect))
    .execute();
  const system = existing.filter((row) => row.type !== USER_TAG_TYPE);
  if (system.length > 0)
    throw reserved(
      "newTagNames",
      system.map((row) => row.name),
    );
  const toCreate = [...wanted].filter(([slug]) => !existing.some((row) => row.urlcode === slug));
  if (toCreate.length > 0) viewer.require("tags.add");
  const now = nowIso();
  for (const [urlcode, name] of toCreate)
    await trx
      .insertInto("tags")
      .values({ name, urlcode, parentTagID: null, insertUserID: viewer.userID, dateInserted: now })
      .onConflict((conflict) => conflict.column("urlcode").doNothing())
      .execute();
  if (toCreate.length === 0) return existing.map((row) => row.tagID);
  const rows = await trx
    .selectFrom("tags")
    .select(["tagID", "type", "name"])
    .where("urlcode", "in", [...wanted.keys()])
    .execute();
  const raced = rows.filter((row) => row.type !== USER_TAG_TYPE);
  if (raced.length > 0)
    throw reserved(
      "newTagNames",
      raced.map((row) => row.name),
    );
  return rows.map((row) => row.tagID);
}

export async function currentTagIDs(trx: DbOrTx, discussionID: number): Promise<number[]> {
  const rows = await trx
    .selectFrom("tagDiscussions")
    .select("tagID")
    .where("discussionID", "=", discussionID)
    .execute();
  return rows.map((row) => row.tagID);
}

/**
 * Sets (`replace`) or extends (`add`) a locked discussion's tags inside the caller's transaction: every tag is
 * checked and the limit of MAX_TAGS_PER_DISCUSSION applied (409) before anything is written. Returns whether
 * the set changed.
 */
export async function writeDiscussionTags(
  trx: DbOrTx,
  dialect: Dialect,
  discussionID: number,
  change: TagChange,
  mode: "replace" | "add",
  viewer: Viewer,
): Promise<boolean> {
  const existing = await resolveExisting(trx, dialect, change);
  const named = await resolveNames(trx, dialect, change.newTagNames, viewer);
  const current = await currentTagIDs(trx, discussionID);
  const wanted = new Set([...(mode === "add" ? current : []), ...existing, ...named]);
  if (wanted.size > MAX_TAGS_PER_DISCUSSION) throw new ConflictError(TAG_LIMIT_MESSAGE);
  const removed = current.filter((tagID) => !wanted.has(tagID));
  const added = [...wanted].filter((tagID) => !current.includes(tagID));
  if (removed.length > 0)
    await trx
      .deleteFrom("tagDiscussions")
      .where("discussionID", "=", discussionID)
      .where("tagID", "in", removed)
      .execute();
  const now = nowIso();
  if (added.length > 0)
    await trx
      .insertInto("tagDiscussions")
      .values(added.map((tagID) => ({ tagID, discussionID, dateInserted: now })))
      .execute();
  return removed.length > 0 || added.length > 0;
}
