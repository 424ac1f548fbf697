import type { DbOrTx } from "../db/database";
import { nowIso } from "../http/dates";
import { hashToken } from "./tokens";

/** The public id of a session: a prefix of its stored hash (which is itself a hash of the token). */
export function publicSessionID(storedID: string): string {
  return storedID.slice(0, 16);
}

export interface ListedSession {
  sessionID: string;
  dateInserted: string;
  dateLastSeen: string;
  dateExpires: string;
  userAgent: string | null;
  ipAddress: string | null;
  current: boolean;
}

/** A member's live sessions, most recently seen first; `current` marks the one holding `currentToken`. */
export async function listSessions(
  db: DbOrTx,
  userID: number,
  currentToken: string | null,
): Promise<ListedSession[]> {
  const current = currentToken ? hashToken(currentToken) : null;
  const rows = await db
    .selectFrom("sessions")
    .select(["sessionID", "dateInserted", "dateLastSeen", "dateExpires", "userAgent", "ipAddress"])
    .where("userID", "=", userID)
    .where("dateExpires", ">", nowIso())
    .orderBy("dateLastSeen", "desc")
    .execute();
  return rows.map((row) => ({
    ...row,
    sessionID: publicSessionID(row.sessionID),
    current: row.sessionID === current,
  }));
}

/** Ends one of the member's sessions by its public id; false when no such session is theirs. */
export async function endSession(db: DbOrTx, userID: number, sessionID: string): Promise<boolean> {
  const result = await db
    .deleteFrom("sessions")
    .where("userID", "=", userID)
    .where("sessionID", "like", `${sessionID}%`)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the member except the one holding `keepToken` (all of them when it is null). */
export async function endOtherSessions(
  db: DbOrTx,
  userID: number,
  keepToken: string | null,
): Promise<number> {
  let query = db.deleteFrom("sessions").where("userID", "=", userID);
  if (keepToken) query = query.where("sessionID", "!=", hashToken(keepToken));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
