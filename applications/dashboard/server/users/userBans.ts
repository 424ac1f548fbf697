import type { BanBody, BanResult } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { recordNames } from "@library/server/cache/recordNames";
import { deleteUserSessions } from "@library/server/auth/sessions";
import type { DbOrTx } from "@library/server/db/database";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { ClientError, GoneError, NotFoundError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { keepingASiteManager } from "../roles/administratorGuard";
import { assertNotHigherThanEditor } from "./userEditGuards";
import { CANNOT_BAN_SELF_MESSAGE } from "./userPatch";
import { getUserRow } from "./usersQueries";

export interface UserBanTable {
  userID: number;
  reason: string | null;
  dateExpires: string | null;
  insertUserID: number;
  dateInserted: string;
}

declare module "@library/server/db/database" {
  interface Database {
    userBans: UserBanTable;
  }
}

/** The job that lifts a ban when its time is up. */
export const UNBAN_JOB = "users.unban";

const DAY_MILLISECONDS = 24 * 60 * 60 * 1000;

/** Sets or lifts the ban inside the caller's transaction (the user row locked), with its reason and end. */
async function writeBan(
  context: AppContext,
  trx: DbOrTx,
  userID: number,
  ban: { banned: boolean; reason: string | null; dateExpires: string | null; byUserID: number },
): Promise<void> {
  await trx
    .updateTable("users")
    .set({ banned: ban.banned ? 1 : 0, dateUpdated: nowIso() })
    .where("userID", "=", userID)
    .execute();
  await trx.deleteFrom("userBans").where("userID", "=", userID).execute();
  if (!ban.banned) return;
  await trx
    .insertInto("userBans")
    .values({
      userID,
      reason: ban.reason,
      dateExpires: ban.dateExpires,
      insertUserID: ban.byUserID,
      dateInserted: nowIso(),
    })
    .execute();
  await deleteUserSessions(trx, userID);
  if (ban.dateExpires)
    await context.jobs.enqueue(
      trx,
      UNBAN_JOB,
      { userID, dateExpires: ban.dateExpires },
      { runAt: new Date(ban.dateExpires), uniqueKey: `unban:${userID}:${ban.dateExpires}` },
    );
}

/**
 * `PUT /users/{id}/ban` (community.moderate or users.edit): bans with an optional reason and length in days, or
 * lifts the ban. Banning ends every session; a timed ban is lifted by a job when it ends. Banning the last
 * member who can manage the site is refused (409).
 */
export async function setUserBan(
  context: AppContext,
  viewer: Viewer,
  userID: number,
  body: BanBody,
): Promise<BanResult> {
  viewer.require(["community.moderate", "users.edit"]);
  if (viewer.userID === userID) throw new ClientError(CANNOT_BAN_SELF_MESSAGE);
  const row = await getUserRow(context.db, userID);
  if (!row) throw new NotFoundError("User");
  if (row.deleted === 1) throw new GoneError("This user has been deleted.");
  await assertNotHigherThanEditor(context, viewer, row);
  const reason = body.banned && body.reason?.trim() ? body.reason.trim() : null;
  const dateExpires =
    body.banned && body.days ? new Date(Date.now() + body.days * DAY_MILLISECONDS).toISOString() : null;
  await writeTransaction(context.db, context.dialect, (trx) =>
    keepingASiteManager(trx, context.dialect, async () => {
      await trx
        .selectFrom("users")
        .select("userID")
        .where("userID", "=", userID)
        .$call(forUpdate(context.dialect))
        .execute();
      await writeBan(context, trx, userID, {
        banned: body.banned,
        reason,
        dateExpires,
        byUserID: viewer.userID,
      });
    }),
  );
  // API.md answers `{banned}`; the reason and end are added when there are any.
  return { banned: body.banned, ...(reason ? { reason } : {}), ...(dateExpires ? { dateExpires } : {}) };
}

/** The reason and end of each banned member's ban, for the member list. */
export async function bansOf(
  context: AppContext,
  userIDs: readonly number[],
): Promise<Map<number, { reason: string | null; dateExpires: string | null }>> {
  if (userIDs.length === 0) return new Map();
  const rows = await context.db
    .selectFrom("userBans")
    .select(["userID", "reason", "dateExpires"])
    .where("userID", "in", [...userIDs])
    .execute();
  return new Map(rows.map((row) => [row.userID, { reason: row.reason, dateExpires: row.dateExpires }]));
}

/** Defines the job that lifts a timed ban; a ban changed since (lifted, renewed) is left as it is. */
export function defineUnbanJob(context: AppContext, owner: string): void {
  context.jobs.define<{ userID: number; dateExpires: string }>(
    UNBAN_JOB,
    async ({ userID, dateExpires }, job) => {
      job.noteChanged(recordNames.user(userID));
      await writeTransaction(context.db, context.dialect, async (trx) => {
        const ban = await trx
          .selectFrom("userBans")
          .select("dateExpires")
          .where("userID", "=", userID)
          .$call(forUpdate(context.dialect))
          .executeTakeFirst();
        if (ban?.dateExpires !== dateExpires) return;
        await trx
          .updateTable("users")
          .set({ banned: 0, dateUpdated: nowIso() })
          .where("userID", "=", userID)
          .execute();
        await trx.deleteFrom("userBans").where("userID", "=", userID).execute();
      });
    },
    { owner, maxAttempts: 5 },
  );
}
