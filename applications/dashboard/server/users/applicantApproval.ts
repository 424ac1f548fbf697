import type { AppContext } from "@library/server/app/appContext";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { ConflictError, GoneError, NotFoundError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { replaceUserRoles, roleIDsOfType } from "./roleTypes";

export const NOT_AN_APPLICANT_MESSAGE = "This member is not waiting for approval.";

/**
 * `POST /users/{id}/approve` (users.edit): an applicant (registration method approval) becomes a member: the
 * applicant roles are replaced by the member roles (unconfirmed ones while the email still needs confirming),
 * and a mail tells them they can sign in.
 */
export async function approveApplicant(context: AppContext, viewer: Viewer, userID: number): Promise<void> {
  viewer.require("users.edit");
  const siteUrl = context.origin.forMail();
  const title = await context.settings.get<string>("garden.title");
  const confirmationRequired = await context.settings.get<boolean>("isConfirmEmailRequired");
  const mailID = await writeTransaction(context.db, context.dialect, async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["userID", "name", "email", "deleted", "emailConfirmed"])
      .where("userID", "=", userID)
      .$call(forUpdate(context.dialect))
      .executeTakeFirst();
    if (!user) throw new NotFoundError("User");
    if (user.deleted === 1) throw new GoneError("This user has been deleted.");
    const applicantRoleIDs = await roleIDsOfType(trx, "applicant");
    const held = await trx.selectFrom("userRoles").select("roleID").where("userID", "=", userID).execute();
    const heldIDs = held.map((row) => row.roleID);
    if (!heldIDs.some((roleID) => applicantRoleIDs.includes(roleID)))
      throw new ConflictError(NOT_AN_APPLICANT_MESSAGE);
    const joinType = confirmationRequired && user.emailConfirmed !== 1 ? "unconfirmed" : "member";
    const kept = heldIDs.filter((roleID) => !applicantRoleIDs.includes(roleID));
    await replaceUserRoles(trx, userID, [...kept, ...(await roleIDsOfType(trx, joinType))]);
    await trx.updateTable("users").set({ dateUpdated: nowIso() }).where("userID", "=", userID).execute();
    return context.mailer.queue(trx, {
      to: user.email,
      subject: `Your membership of ${title} was approved`,
      text: [
        `Hello ${user.name},`,
        "",
        `Your application to join ${title} was approved. You can sign in now:`,
        `${siteUrl}/entry/signin`,
      ].join("\n"),
    });
  });
  await context.mailer.deliver(context.db, mailID);
}
