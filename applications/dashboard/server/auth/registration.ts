import type { RegisterBody } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { configuredSessionLifetimes } from "@library/server/auth/sessionLength";
import { createSession } from "@library/server/auth/sessions";
import { ForbiddenError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import { createUserRecord } from "@library/server/users/createUserRecord";
import { claimInvitation } from "../invitations/invitationCommands";
import { roleIDsOfType } from "../users/roleTypes";
import { queueConfirmationEmail } from "./emailConfirmation";
import { queueWelcomeEmail } from "./welcomeEmail";

export type RegistrationMethod = "basic" | "captcha" | "approval" | "invitation";

export const ALREADY_SIGNED_IN_MESSAGE = "You are already registered.";
export const INVITATION_ONLY_MESSAGE = "Registration is by invitation only.";

export type RegistrationResult =
  | { kind: "created"; user: { userID: number; name: string; email: string }; sessionToken: string }
  | { kind: "held" };

/**
 * `POST /users/register` (API.md 3). `basic` and `captcha` (no captcha is configured, so it behaves as
 * basic) create a member who is signed in at once; with `isConfirmEmailRequired` the member starts in the
 * Unconfirmed role and gets a confirmation mail. `approval` holds the account in the Applicant role (202).
 * `invitation` needs the code of a pending invitation (403 without one). With any method, a valid invitation
 * code makes a member at once (the administrator chose them), whose email counts as confirmed when it is
 * the invited address; the invitation is then used. When mail is configured (SMTP), a member who is let in gets
 * a welcome mail too.
 */
export async function registerUser(
  context: AppContext,
  viewer: Viewer,
  body: RegisterBody,
  request: { siteUrl: string; ipAddress: string; userAgent?: string | null },
): Promise<RegistrationResult> {
  if (!viewer.isGuest) throw new ForbiddenError(ALREADY_SIGNED_IN_MESSAGE);
  const method = await context.settings.get<RegistrationMethod>("registration.method");
  const code = body.invitationCode;
  if (method === "invitation" && code === undefined) throw new ForbiddenError(INVITATION_ONLY_MESSAGE);
  const confirmationSetting = await context.settings.get<boolean>("isConfirmEmailRequired");
  const held = method === "approval" && code === undefined;
  // Read before the transaction: the SMTP settings may be read from the database.
  const mailConfigured = (await context.mailer.smtp()) !== null;

  const outcome = await context.db.transaction().execute(async (trx) => {
    const invitation = code === undefined ? null : await claimInvitation(trx, context.dialect, code);
    const invitedAddress = invitation?.row.email === body.email.trim().toLowerCase();
    const confirmationRequired = confirmationSetting && !invitedAddress;
    const roleType = held ? "applicant" : confirmationRequired ? "unconfirmed" : "member";
    const userID = await createUserRecord(trx, {
      name: body.name,
      email: body.email,
      password: body.password,
      roleIDs: await roleIDsOfType(trx, roleType),
      emailConfirmed: !confirmationRequired,
      insertIPAddress: request.ipAddress,
    });
    await invitation?.accept(userID);
    const user = { userID, name: body.name, email: body.email.trim() };
    const mailIDs: number[] = [];
    if (mailConfigured && !held)
      mailIDs.push(await queueWelcomeEmail(context, trx, user, request.siteUrl, confirmationRequired));
    if (confirmationRequired) mailIDs.push(await queueConfirmationEmail(context, trx, user, request.siteUrl));
    const session = held
      ? null
      : await createSession(
          trx,
          userID,
          false,
          { ipAddress: request.ipAddress, userAgent: request.userAgent ?? null },
          configuredSessionLifetimes(context.settings),
        );
    return { user, mailIDs, session };
  });

  for (const mailID of outcome.mailIDs) await context.mailer.deliver(context.db, mailID);
  if (!outcome.session) return { kind: "held" };
  return { kind: "created", user: outcome.user, sessionToken: outcome.session.token };
}
