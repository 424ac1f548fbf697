import type { Invitation, InvitationListQuery, InvitationStatus } from "@forum/api/invitations";
import type { DbOrTx } from "@library/server/db/database";
import { nowIso, toApiDate } from "@library/server/http/dates";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import type { Selectable } from "kysely";
import type { InvitationTable } from "./invitationTables";
import "./invitationTables";

export type InvitationRow = Selectable<InvitationTable>;

export function invitationStatus(row: InvitationRow, now = nowIso()): InvitationStatus {
  if (row.acceptedUserID !== null) return "accepted";
  return row.dateExpires <= now ? "expired" : "pending";
}

/** Invitations (API) with their inviter and, once used, the member who registered. */
export async function presentInvitations(db: DbOrTx, rows: readonly InvitationRow[]): Promise<Invitation[]> {
  const users = await loadUserFragments(
    db,
    rows.flatMap((row) =>
      row.acceptedUserID === null ? [row.insertUserID] : [row.insertUserID, row.acceptedUserID],
    ),
  );
  const now = nowIso();
  return rows.map((row) => ({
    invitationID: row.invitationID,
    email: row.email,
    status: invitationStatus(row, now),
    insertUserID: row.insertUserID,
    insertUser: userFragmentOf(users, row.insertUserID),
    dateInserted: toApiDate(row.dateInserted),
    dateExpires: toApiDate(row.dateExpires),
    acceptedUserID: row.acceptedUserID,
    acceptedUser: row.acceptedUserID === null ? null : userFragmentOf(users, row.acceptedUserID),
    dateAccepted: toApiDate(row.dateAccepted),
  }));
}

/** `GET /invitations`: newest first, filtered by status, with the total for a numbered pager. */
export async function listInvitations(
  db: DbOrTx,
  query: InvitationListQuery,
): Promise<{ invitations: Invitation[]; page: number; limit: number; total: number }> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 30;
  const now = nowIso();
  let filtered = db.selectFrom("invitations");
  if (query.status === "accepted") filtered = filtered.where("acceptedUserID", "is not", null);
  if (query.status === "pending")
    filtered = filtered.where("acceptedUserID", "is", null).where("dateExpires", ">", now);
  if (query.status === "expired")
    filtered = filtered.where("acceptedUserID", "is", null).where("dateExpires", "<=", now);
  const [rows, count] = await Promise.all([
    filtered
      .selectAll()
      .orderBy("dateInserted", "desc")
      .orderBy("invitationID", "desc")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { invitations: await presentInvitations(db, rows), page, limit, total: Number(count.count) };
}
