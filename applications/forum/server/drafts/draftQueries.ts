import type { DraftListQuery } from "@forum/api/drafts";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import type { Viewer } from "@library/server/permissions/viewer";
import type { DraftRow } from "./draftRows";
import { DRAFT_STATUS_CODES } from "./draftRules";

export const DRAFTS_DEFAULT_LIMIT = 30;

/** `GET /drafts`: the viewer's own drafts, filtered and sorted as API.md 14 says; with the total for the pager. */
export async function listOwnDrafts(
  context: AppContext,
  viewer: Viewer,
  query: DraftListQuery,
): Promise<{ rows: DraftRow[]; total: number; page: number; limit: number }> {
  viewer.require("session.valid");
  const page = query.page ?? 1;
  const limit = query.limit ?? DRAFTS_DEFAULT_LIMIT;
  let filtered = context.db
    .selectFrom("drafts")
    .where("insertUserID", "=", viewer.userID)
    .where("draftStatus", "=", DRAFT_STATUS_CODES[query.draftStatus ?? "draft"]);
  if (query.recordType) filtered = filtered.where("recordType", "=", query.recordType);
  if (query.recordID) filtered = filtered.where("recordID", "=", query.recordID);
  if (query.parentRecordType) filtered = filtered.where("parentRecordType", "=", query.parentRecordType);
  if (query.parentRecordID) filtered = filtered.where("parentRecordID", "=", query.parentRecordID);
  const sort = query.sort ?? "-dateUpdated";
  const column = sort.replace(/^-/, "") as "dateInserted" | "dateUpdated" | "dateScheduled";
  const direction = sort.startsWith("-") ? "desc" : "asc";
  const [rows, count] = await Promise.all([
    filtered
      .selectAll()
      .orderBy(column, direction)
      .orderBy("draftID", direction)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.count ?? 0), page, limit };
}

/** The `Drafts` me-count: the member's drafts that are not scheduled (an indexed count on the owner). */
export async function countOwnDrafts(db: DbOrTx, userID: number): Promise<number> {
  const row = await db
    .selectFrom("drafts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("insertUserID", "=", userID)
    .where("draftStatus", "=", DRAFT_STATUS_CODES.draft)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
