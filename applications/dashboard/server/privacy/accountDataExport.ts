import type { AppContext } from "@library/server/app/appContext";

/** The account part of a member's data: profile, roles, signed-in browsers and notifications. */
export async function exportAccountData(
  context: AppContext,
  userID: number,
): Promise<Record<string, unknown>> {
  const { db } = context;
  const profile = await db
    .selectFrom("users")
    .select([
      "userID",
      "name",
      "email",
      "photo",
      "title",
      "signatureRaw",
      "dateInserted",
      "dateUpdated",
      "dateLastActive",
      "emailConfirmed",
      "showEmail",
      "private",
      "banned",
      "countDiscussions",
      "countComments",
    ])
    .where("userID", "=", userID)
    .executeTakeFirst();
  const roles = await db
    .selectFrom("userRoles")
    .innerJoin("roles", "roles.roleID", "userRoles.roleID")
    .select(["roles.name"])
    .where("userRoles.userID", "=", userID)
    .execute();
  const sessions = await db
    .selectFrom("sessions")
    .select(["dateInserted", "dateLastSeen", "dateExpires", "userAgent", "ipAddress"])
    .where("userID", "=", userID)
    .execute();
  const notifications = await db
    .selectFrom("notifications")
    .selectAll()
    .where("userID", "=", userID)
    .orderBy("notificationID")
    .execute();
  return {
    profile: profile ?? null,
    roles: roles.map((role) => role.name),
    sessions,
    notifications,
  };
}
