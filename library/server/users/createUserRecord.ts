import type { ValidationErrorItem } from "@forum/api/common";
import { hashPassword } from "../auth/passwords";
import type { DbOrTx } from "../db/database";
import { ValidationError } from "../errors/httpErrors";
import { nowIso } from "../http/dates";

export interface NewUser {
  name: string;
  email: string;
  /** A hash from `hashPassword` (`password` is ignored then): test fixtures hash their one password once. */
  passwordHash?: string;
  password: string | null;
  roleIDs: number[];
  emailConfirmed?: boolean;
  showEmail?: boolean;
  bypassSpam?: boolean;
  private?: boolean;
  photo?: string | null;
  isAdmin?: boolean;
  insertIPAddress?: string | null;
}

/** Names: letters, digits, spaces and `_ . -`, no leading/trailing space (the forum mentions them with @). */
const NAME_PATTERN = /^[\p{L}\p{N}_.\- ]+$/u;

export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

export async function checkNameAndEmail(
  db: DbOrTx,
  fields: { name?: string; email?: string },
  exceptUserID = 0,
): Promise<ValidationErrorItem[]> {
  const errors: ValidationErrorItem[] = [];
  if (fields.name !== undefined) {
    const name = fields.name;
    if (name.trim() !== name || !NAME_PATTERN.test(name)) {
      errors.push({
        field: "name",
        code: "pattern",
        message: "Names may contain letters, numbers, spaces, dots, dashes and underscores.",
      });
    } else {
      const taken = await db
        .selectFrom("users")
        .select("userID")
        .where("nameKey", "=", nameKey(name))
        .where("userID", "!=", exceptUserID)
        .executeTakeFirst();
      if (taken)
        errors.push({
          field: "name",
          code: "unique",
          message: "The name you entered is already in use by another member.",
        });
    }
  }
  if (fields.email !== undefined) {
    const taken = await db
      .selectFrom("users")
      .select("userID")
      .where("emailKey", "=", fields.email.trim().toLowerCase())
      .where("userID", "!=", exceptUserID)
      .executeTakeFirst();
    if (taken)
      errors.push({
        field: "email",
        code: "unique",
        message: "The email you entered is in use by another member.",
      });
  }
  return errors;
}

/** Inserts a user and their roles after checking the unique name and email; throws ValidationError (422). */
export async function createUserRecord(db: DbOrTx, user: NewUser): Promise<number> {
  const errors = await checkNameAndEmail(db, { name: user.name, email: user.email });
  if (errors.length > 0) throw new ValidationError(errors);
  const now = nowIso();
  const { userID } = await db
    .insertInto("users")
    .values({
      name: user.name,
      nameKey: nameKey(user.name),
      email: user.email.trim(),
      emailKey: user.email.trim().toLowerCase(),
      password: user.passwordHash ?? (user.password === null ? null : await hashPassword(user.password)),
      photo: user.photo ?? null,
      title: null,
      signature: null,
      signatureRaw: null,
      dateInserted: now,
      dateUpdated: null,
      dateLastActive: null,
      emailConfirmed: user.emailConfirmed === false ? 0 : 1,
      confirmationCode: null,
      showEmail: user.showEmail ? 1 : 0,
      bypassSpam: user.bypassSpam ? 1 : 0,
      banned: 0,
      private: user.private ? 1 : 0,
      hidden: 0,
      deleted: 0,
      isAdmin: user.isAdmin ? 1 : 0,
      points: 0,
      countDiscussions: 0,
      countComments: 0,
      countVisits: 0,
      inviteUserID: null,
      insertIPAddress: user.insertIPAddress ?? null,
      lastIPAddress: user.insertIPAddress ?? null,
    })
    .returning("userID")
    .executeTakeFirstOrThrow();
  if (user.roleIDs.length > 0) {
    await db
      .insertInto("userRoles")
      .values([...new Set(user.roleIDs)].map((roleID) => ({ userID, roleID })))
      .execute();
  }
  return userID;
}
