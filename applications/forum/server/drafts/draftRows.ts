import type { Db, DbOrTx, Dialect } from "@library/server/db/database";
import { forUpdate } from "@library/server/db/writeTransaction";
import { NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import type { Selectable } from "kysely";
import type { DraftTable } from "./draftTables";
import "./draftTables";

export type DraftRow = Selectable<DraftTable>;

export type DraftAccess = "read" | "delete" | "write";

/**
 * A draft the viewer may act on. Another member's draft is a 404 (it is invisible), except that moderators
 * (community.moderate) may read and delete it; writing stays the owner's (403 for a moderator).
 */
export function assertDraftAccess(viewer: Viewer, row: DraftRow | undefined, access: DraftAccess): DraftRow {
  viewer.require("session.valid");
  if (!row) throw new NotFoundError("Draft");
  if (row.insertUserID === viewer.userID) return row;
  if (!viewer.has("community.moderate")) throw new NotFoundError("Draft");
  if (access === "write") throw new PermissionError(["session.valid"], "Only the author may change a draft.");
  return row;
}

export async function getDraftRow(db: Db, draftID: number): Promise<DraftRow | undefined> {
  return db.selectFrom("drafts").selectAll().where("draftID", "=", draftID).executeTakeFirst();
}

/** The draft row, locked for the rest of the transaction. */
export async function lockDraftRow(
  trx: DbOrTx,
  dialect: Dialect,
  draftID: number,
): Promise<DraftRow | undefined> {
  return trx
    .selectFrom("drafts")
    .selectAll()
    .where("draftID", "=", draftID)
    .$call(forUpdate(dialect))
    .executeTakeFirst();
}
