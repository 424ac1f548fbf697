import type { UserPatch } from "@forum/api/users";

/** The server's name rule (library/server/users/createUserRecord.ts): letters, digits, spaces and `_ . -`. */
const NAME_PATTERN = /^[\p{L}\p{N}_.\- ]+$/u;
export const NAME_MAX_LENGTH = 50;
/** The server's limit on a signature's rendered text (applications/dashboard/server/users/userPatch.ts). */
export const SIGNATURE_MAX_LENGTH = 500;
/** The server's limit on the About text (USER_ABOUT_MAX_LENGTH in packages/api/src/users.ts). */
export const ABOUT_MAX_LENGTH = 1000;

export const NAME_RULE_MESSAGE = "Names may contain letters, numbers, spaces, dots, dashes and underscores.";
export const NAME_REQUIRED_MESSAGE = "Enter a name.";
export const PASSWORD_CONFIRMATION_MESSAGE = "Enter your current password to change your email or password.";

export interface ProfileEditValues {
  name: string;
  email: string;
  photo: string;
  title: string;
  about: string;
  signature: string;
  private: boolean;
  passwordConfirmation: string;
}

/** Errors the form can tell before asking the server, keyed by field (the server re-checks everything). */
export function localProfileErrors(
  values: ProfileEditValues,
  initial: ProfileEditValues,
  hasPassword: boolean,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.name.length === 0) errors.name = NAME_REQUIRED_MESSAGE;
  else if (values.name.trim() !== values.name || !NAME_PATTERN.test(values.name))
    errors.name = NAME_RULE_MESSAGE;
  if (emailChanged(values, initial) && hasPassword && values.passwordConfirmation === "")
    errors.passwordConfirmation = PASSWORD_CONFIRMATION_MESSAGE;
  return errors;
}

export function emailChanged(values: ProfileEditValues, initial: ProfileEditValues): boolean {
  return values.email.trim().toLowerCase() !== initial.email.trim().toLowerCase();
}

/** The PATCH body: changed fields only; an empty photo, title or signature clears it. */
export function profilePatchBody(values: ProfileEditValues, initial: ProfileEditValues): UserPatch {
  const body: UserPatch = {};
  if (values.name !== initial.name) body.name = values.name;
  if (emailChanged(values, initial)) {
    body.email = values.email.trim();
    if (values.passwordConfirmation !== "") body.passwordConfirmation = values.passwordConfirmation;
  }
  if (values.photo.trim() !== initial.photo)
    body.photo = values.photo.trim() === "" ? null : values.photo.trim();
  if (values.title.trim() !== initial.title)
    body.title = values.title.trim() === "" ? null : values.title.trim();
  if (values.about.trim() !== initial.about)
    body.about = values.about.trim() === "" ? null : values.about.trim();
  if (values.signature.trim() !== initial.signature)
    body.signature = values.signature.trim() === "" ? null : values.signature.trim();
  if (values.private !== initial.private) body.private = values.private;
  return body;
}
