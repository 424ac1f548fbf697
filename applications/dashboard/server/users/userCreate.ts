import type { UserPost } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { createUserRecord } from "@library/server/users/createUserRecord";
import { roleIDsOfType } from "./roleTypes";
import { assertRolesAssignable } from "./userEditGuards";

/** `POST /users` (users.add): an account made by an administrator; member roles unless `roleID` says otherwise. */
export async function createUser(
  context: AppContext,
  viewer: Viewer,
  body: UserPost,
  request: { siteUrl: string; ipAddress: string },
): Promise<number> {
  viewer.require("users.add");
  const roleIDs = body.roleID ?? (await roleIDsOfType(context.db, "member"));
  await assertRolesAssignable(context, viewer, roleIDs);
  const title = await context.settings.get<string>("garden.title");
  const created = await context.db.transaction().execute(async (trx) => {
    const userID = await createUserRecord(trx, {
      name: body.name,
      email: body.email,
      password: body.password,
      roleIDs,
      emailConfirmed: body.emailConfirmed ?? true,
      showEmail: body.showEmail ?? false,
      bypassSpam: body.bypassSpam ?? false,
      private: body.private ?? false,
      photo: body.photo ?? null,
      insertIPAddress: request.ipAddress,
    });
    const mailID =
      body.sendWelcomeEmail === false
        ? null
        : await context.mailer.queue(trx, {
            to: body.email.trim(),
            subject: `Welcome to ${title}`,
            text: [
              `Hello ${body.name},`,
              "",
              `An account has been created for you on ${title}.`,
              `Sign in at ${request.siteUrl}/entry/signin with your name or this email address.`,
            ].join("\n"),
          });
    return { userID, mailID };
  });
  if (created.mailID !== null) await context.mailer.deliver(context.db, created.mailID);
  return created.userID;
}
