import type { AppContext } from "../app/appContext";
import type { DbOrTx } from "../db/database";
import { ForbiddenError } from "../errors/httpErrors";
import { nowIso } from "../http/dates";

/** A member whose posting a moderator has stopped until `dateExpires` (one row per member; the forum's table). */
export interface UserPostMuteTable {
  userID: number;
  reason: string | null;
  dateExpires: string;
  insertUserID: number;
  dateInserted: string;
}

declare module "../db/database" {
  interface Database {
    userPostMutes: UserPostMuteTable;
  }
}

/** The application whose migrations create the table (and whose posting it stops). */
const POST_MUTES_OWNER = "forum";

/** Whether the table exists here: the forum application is part of this server. */
export function postMutesAvailable(context: AppContext): boolean {
  return context.addons.get(POST_MUTES_OWNER) !== undefined;
}

/** The refusal a muted member gets when posting; `%s` is the end of the mute. */
export const POST_MUTED_MESSAGE = "You can't post until %s.";

const END_FORMAT = new Intl.DateTimeFormat("en-US", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "UTC",
});

/** The end of a mute as the refusal shows it: "December 3, 2026 at 9:30 PM UTC". */
export function formatMuteEnd(dateExpires: string): string {
  return `${END_FORMAT.format(new Date(dateExpires))} UTC`;
}

/** When each member's posting mute ends, for those muted now (an ended mute counts as none). */
export async function postMutesOf(db: DbOrTx, userIDs: readonly number[]): Promise<Map<number, string>> {
  if (userIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom("userPostMutes")
    .select(["userID", "dateExpires"])
    .where("userID", "in", [...new Set(userIDs)])
    .where("dateExpires", ">", nowIso())
    .execute();
  return new Map(rows.map((row) => [row.userID, row.dateExpires]));
}

/**
 * Refuses (403) a post by a member whose posting is muted. Runs with the posting transaction's reads, before it
 * writes anything; the mute ends by itself at its end date.
 */
export async function assertNotPostMuted(db: DbOrTx, userID: number): Promise<void> {
  const until = (await postMutesOf(db, [userID])).get(userID);
  if (until) throw new ForbiddenError(POST_MUTED_MESSAGE.replace("%s", formatMuteEnd(until)));
}
