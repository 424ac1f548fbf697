import type { UserPatch } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { hashPassword, verifyPassword } from "@library/server/auth/passwords";
import { deleteUserSessions } from "@library/server/auth/sessions";
import { hashToken } from "@library/server/auth/tokens";
import type { UserTable } from "@library/server/db/coreTables";
import type { DbOrTx } from "@library/server/db/database";
import { ClientError, GoneError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { renderBody, validateBody } from "@library/server/formats/renderBody";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { checkNameAndEmail, nameKey } from "@library/server/users/createUserRecord";
import type { Updateable } from "kysely";
import { queuePasswordResetEmail } from "../auth/passwordReset";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { keepingASiteManager } from "../roles/administratorGuard";
import { replaceUserRoles } from "./roleTypes";
import { assertNotHigherThanEditor, assertRolesAssignable } from "./userEditGuards";
import { getUserRow, type UserRow } from "./usersQueries";

export const CANNOT_BAN_SELF_MESSAGE = "You cannot ban yourself.";

const ADMIN_FIELDS = ["emailConfirmed", "bypassSpam", "resetPassword", "roleID"] as const;

/** Who may send which fields (API.md 4.2): self-edit fields, admin fields (users.edit), `banned`. */
function requireFieldPermissions(viewer: Viewer, userID: number, body: UserPatch): void {
  viewer.require("session.valid");
  const isSelf = viewer.userID === userID;
  const fields = Object.keys(body).filter((key) => body[key as keyof UserPatch] !== undefined);
  const onlyBanned = fields.length === 1 && fields[0] === "banned";
  if (!isSelf && !onlyBanned) viewer.require("users.edit");
  if (ADMIN_FIELDS.some((field) => body[field] !== undefined)) viewer.require("users.edit");
  if (body.banned !== undefined) {
    viewer.require(["community.moderate", "users.edit"]);
    if (isSelf) throw new ClientError(CANNOT_BAN_SELF_MESSAGE);
  }
  if (body.resetPassword && body.password !== undefined) {
    throw ValidationError.field(
      "resetPassword",
      "resetPassword cannot be combined with password.",
      "conflict",
    );
  }
}

/** Changing one's own email or password needs the current password (when the account has one). */
async function requirePasswordConfirmation(viewer: Viewer, row: UserRow, body: UserPatch): Promise<void> {
  const emailChanges = body.email !== undefined && body.email.trim().toLowerCase() !== row.emailKey;
  if (viewer.userID !== row.userID || !row.password || (!emailChanges && body.password === undefined)) return;
  if (!body.passwordConfirmation) {
    throw ValidationError.field(
      "passwordConfirmation",
      "Enter your current password to change your email or password.",
      "required",
    );
  }
  if (!(await verifyPassword(body.passwordConfirmation, row.password))) {
    throw ValidationError.field("passwordConfirmation", "The password you entered is incorrect.", "invalid");
  }
}

function flag(value: boolean | undefined): number | undefined {
  return value === undefined ? undefined : value ? 1 : 0;
}

/** Most plain-text characters a signature may render to. */
export const SIGNATURE_MAX_LENGTH = 500;

/** The raw Markdown and its sanitised HTML; empty or null clears both; a bad signature is a 422 on `signature`. */
function signatureColumns(
  signature: string | null | undefined,
): Pick<Updateable<UserTable>, "signature" | "signatureRaw"> {
  if (signature === undefined) return {};
  if (signature === null || signature.trim() === "") return { signature: null, signatureRaw: null };
  const errors = validateBody("markdown", signature, { maxLength: SIGNATURE_MAX_LENGTH });
  if (errors.length > 0) {
    throw new ValidationError(
      errors.map((error) => ({
        ...error,
        field: "signature",
        message: error.message.replace(/^body/, "signature"),
      })),
    );
  }
  return { signature: renderBody("markdown", signature).html, signatureRaw: signature };
}

function changedColumns(
  body: UserPatch,
  password: string | null | undefined,
  signature: Pick<Updateable<UserTable>, "signature" | "signatureRaw">,
): Updateable<UserTable> {
  const columns: Updateable<UserTable> = {
    name: body.name,
    nameKey: body.name === undefined ? undefined : nameKey(body.name),
    email: body.email?.trim(),
    emailKey: body.email?.trim().toLowerCase(),
    showEmail: flag(body.showEmail),
    private: flag(body.private),
    photo: body.photo,
    title: body.title,
    about: body.about === undefined ? undefined : body.about?.trim() || null,
    ...signature,
    emailConfirmed: flag(body.emailConfirmed),
    bypassSpam: flag(body.bypassSpam),
    banned: flag(body.banned),
    password,
    dateUpdated: nowIso(),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** Ends the user's sessions; when they changed their own password, the session they did it from stays. */
async function endSessions(trx: DbOrTx, userID: number, keepToken: string | null): Promise<void> {
  if (!keepToken) return deleteUserSessions(trx, userID);
  await trx
    .deleteFrom("sessions")
    .where("userID", "=", userID)
    .where("sessionID", "!=", hashToken(keepToken))
    .execute();
}

/** `PATCH /users/{id}`: every check first, then one transaction. */
export async function patchUser(
  context: AppContext,
  viewer: Viewer,
  userID: number,
  body: UserPatch,
  siteUrl: string,
): Promise<void> {
  requireFieldPermissions(viewer, userID, body);
  const row = await getUserRow(context.db, userID);
  if (!row) throw new NotFoundError("User");
  if (row.deleted === 1) throw new GoneError("This user has been deleted.");
  await assertNotHigherThanEditor(context, viewer, row);
  if (body.roleID) await assertRolesAssignable(context, viewer, body.roleID);
  await requirePasswordConfirmation(viewer, row, body);
  const signature = signatureColumns(body.signature);
  const password = body.resetPassword
    ? null
    : body.password === undefined
      ? undefined
      : await hashPassword(body.password);

  const writeUserPatch = async (trx: DbOrTx): Promise<number | null> => {
    const errors = await checkNameAndEmail(trx, { name: body.name, email: body.email?.trim() }, userID);
    if (errors.length > 0) throw new ValidationError(errors);
    await trx
      .updateTable("users")
      .set(changedColumns(body, password, signature))
      .where("userID", "=", userID)
      .execute();
    if (body.roleID) await replaceUserRoles(trx, userID, body.roleID);
    if (body.banned === true || body.resetPassword) await deleteUserSessions(trx, userID);
    else if (password) await endSessions(trx, userID, viewer.userID === userID ? viewer.sessionToken : null);
    if (!body.resetPassword) return null;
    const email = body.email?.trim() ?? row.email;
    return queuePasswordResetEmail(context, trx, { userID, name: body.name ?? row.name, email }, siteUrl);
  };

  // Roles and bans can take away the power to manage the site: those writes keep a site manager (409 otherwise).
  const guarded = body.roleID !== undefined || body.banned === true;
  const mailID = await writeTransaction(context.db, context.dialect, async (trx) => {
    const write = () => writeUserPatch(trx);
    return guarded ? keepingASiteManager(trx, context.dialect, write) : write();
  });
  if (mailID !== null) await context.mailer.deliver(context.db, mailID);
}
