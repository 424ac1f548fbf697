import { Type, type Static } from "@sinclair/typebox";
import type { AppContext } from "@library/server/app/appContext";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { ForbiddenError, GoneError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso, toApiDate } from "@library/server/http/dates";
import { notify } from "@library/server/notifications/createNotifications";
import type { Viewer } from "@library/server/permissions/viewer";
import { postMutesAvailable } from "@library/server/users/postMutes";
import { assertNotHigherThanEditor } from "./userEditGuards";
import { getUserRow, type UserRow } from "./usersQueries";

/** Who mutes and warns members: the permissions of `PUT /users/{id}/ban`. */
export const MEMBER_MODERATION_PERMISSIONS = ["community.moderate", "users.edit"];

export const CANNOT_MUTE_SELF_MESSAGE = "You cannot mute yourself.";
export const CANNOT_WARN_SELF_MESSAGE = "You cannot warn yourself.";
export const CANNOT_MODERATE_ADMIN_MESSAGE = "You are not allowed to mute or warn an administrator.";

/** `PUT /users/{id}/post-mute`: with `muted: true`, a length in days (a week unless given) and a reason. */
export const PostMuteBodySchema = Type.Object({
  muted: Type.Boolean(),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
});
export type PostMuteBody = Static<typeof PostMuteBodySchema>;

export const PostMuteResultSchema = Type.Object({
  muted: Type.Boolean(),
  /** When the member may post again (null: not muted). */
  dateMutedUntil: Type.Union([Type.String(), Type.Null()]),
});
export type PostMuteResult = Static<typeof PostMuteResultSchema>;

/** `POST /users/{id}/warnings`: the reason the member reads. */
export const WarningBodySchema = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 1000 }),
});
export type WarningBody = Static<typeof WarningBodySchema>;

export const WarningResultSchema = Type.Object({ warned: Type.Boolean() });

/** The notification's activity type (members choose popup/email for it like any other). */
export const WARNING_ACTIVITY = "Warning";

const DEFAULT_MUTE_DAYS = 7;
const DAY_MILLISECONDS = 24 * 60 * 60 * 1000;

/**
 * The rules shared by mute and warn: a moderator (community.moderate or users.edit), never on themself, never
 * on an administrator unless an administrator, nor on anyone holding a permission they lack (as for a ban).
 */
async function moderatedMember(
  context: AppContext,
  viewer: Viewer,
  userID: number,
  selfMessage: string,
): Promise<UserRow> {
  viewer.require(MEMBER_MODERATION_PERMISSIONS);
  if (viewer.userID === userID) throw new ForbiddenError(selfMessage);
  const row = await getUserRow(context.db, userID);
  if (!row) throw new NotFoundError("User");
  if (row.deleted === 1) throw new GoneError("This user has been deleted.");
  if (row.isAdmin === 1 && !viewer.isAdmin) throw new ForbiddenError(CANNOT_MODERATE_ADMIN_MESSAGE);
  await assertNotHigherThanEditor(context, viewer, row);
  return row;
}

/**
 * `PUT /users/{id}/post-mute`: stops a member's posting (discussions, comments) for some days, or lets them
 * post again. A new mute replaces the last one; a mute ends by itself at its end.
 */
export async function setPostMute(
  context: AppContext,
  viewer: Viewer,
  userID: number,
  body: PostMuteBody,
): Promise<PostMuteResult> {
  if (!postMutesAvailable(context)) throw new NotFoundError("Post mutes");
  await moderatedMember(context, viewer, userID, CANNOT_MUTE_SELF_MESSAGE);
  const reason = body.muted && body.reason?.trim() ? body.reason.trim() : null;
  const dateExpires = body.muted
    ? new Date(Date.now() + (body.days ?? DEFAULT_MUTE_DAYS) * DAY_MILLISECONDS).toISOString()
    : null;
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await trx
      .selectFrom("users")
      .select("userID")
      .where("userID", "=", userID)
      .$call(forUpdate(context.dialect))
      .execute();
    await trx.deleteFrom("userPostMutes").where("userID", "=", userID).execute();
    if (dateExpires === null) return;
    await trx
      .insertInto("userPostMutes")
      .values({ userID, reason, dateExpires, insertUserID: viewer.userID, dateInserted: nowIso() })
      .execute();
  });
  return { muted: body.muted, dateMutedUntil: toApiDate(dateExpires) };
}

/** The text of a warning's notification. */
export function warningText(reason: string): string {
  return `You have been warned by a moderator: ${reason}`;
}

/** `POST /users/{id}/warnings`: tells the member, in a notification, that a moderator warned them and why. */
export async function warnMember(
  context: AppContext,
  viewer: Viewer,
  userID: number,
  body: WarningBody,
): Promise<void> {
  const reason = body.reason.trim();
  if (!reason) throw ValidationError.field("reason", "reason is required.", "required");
  const row = await moderatedMember(context, viewer, userID, CANNOT_WARN_SELF_MESSAGE);
  await notify(context, [
    {
      userID,
      activityType: WARNING_ACTIVITY,
      recordType: "user",
      recordID: userID,
      url: `/profile/${encodeURIComponent(row.name)}`,
      body: warningText(reason),
      photoUrl: null,
      actorUserID: viewer.userID,
      reason: "A moderator warned you.",
    },
  ]);
}
