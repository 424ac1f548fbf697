import type { User } from "@forum/api/users";
import type { Selectable } from "kysely";
import type { UserTable } from "../db/coreTables";
import type { DbOrTx } from "../db/database";
import { toApiDate } from "../http/dates";
import type { Viewer } from "../permissions/viewer";
import { userPhotoUrl, userProfileUrl } from "./userFragments";

/** Any one of these lets a viewer read other users' profiles, and turns author names into card triggers (SPEC 6). */
export const PROFILE_READ_PERMISSIONS = ["profiles.view", "users.add", "users.edit", "users.delete"] as const;
/** Emails and private or banned profiles in full (API.md 4.1: user administrators get full records too). */
export const PERSONAL_INFO_PERMISSIONS = [
  "personalInfo.view",
  "users.add",
  "users.edit",
  "users.delete",
] as const;

/** The columns a profile page reads: never the password hash or the IP addresses. */
export const PROFILE_COLUMNS = [
  "userID",
  "name",
  "email",
  "photo",
  "title",
  "about",
  "dateInserted",
  "dateLastActive",
  "showEmail",
  "banned",
  "private",
  "hidden",
  "deleted",
  "countDiscussions",
  "countComments",
] as const;

export type ProfileRow = Pick<Selectable<UserTable>, (typeof PROFILE_COLUMNS)[number]>;

export type ProfileView = "full" | "public" | "private";

/** Whether author names become profile-card links for this viewer (else they are plain text). */
export function canViewProfileCards(viewer: Pick<Viewer, "has">): boolean {
  return viewer.has(PROFILE_READ_PERMISSIONS);
}

/**
 * One user by name, case-insensitively (the unique `nameKey`). Deleted users are returned too (their
 * `deleted` flag set), so callers choose the answer.
 */
export async function getProfileRowByName(db: DbOrTx, name: string): Promise<ProfileRow | undefined> {
  const key = name.trim().toLowerCase();
  if (key === "" || key.length > 255) return undefined;
  return db.selectFrom("users").select(PROFILE_COLUMNS).where("nameKey", "=", key).executeTakeFirst();
}

/**
 * Which view of API.md 4.1 a viewer gets (SPEC 5): the restricted card for a private user, or a banned one
 * while `ui.bannedPrivateProfile` is on, unless the viewer is the user or may see personal information.
 */
export function profileViewFor(
  viewer: Viewer,
  row: Pick<ProfileRow, "userID" | "private" | "banned">,
  bannedPrivateProfile: boolean,
): ProfileView {
  if (viewer.userID === row.userID || viewer.has(PERSONAL_INFO_PERMISSIONS)) return "full";
  const restricted = row.private === 1 || (row.banned === 1 && bannedPrivateProfile);
  return restricted ? "private" : "public";
}

/**
 * The profile a page shows, in the API's User shape: the private view is name and photo only; the email is
 * in the full view, or in the public one when the user chose to show it (as `GET /users/{id}` answers).
 */
export function presentProfile(row: ProfileRow, view: ProfileView): User {
  const base: User = {
    userID: row.userID,
    name: row.name,
    photoUrl: userPhotoUrl(row.photo),
    url: userProfileUrl(row.name),
    banned: row.banned === 1 ? 1 : 0,
    private: view === "private" ? true : row.private === 1,
  };
  if (view === "private") return base;
  const showEmail = view === "full" || row.showEmail === 1;
  return {
    ...base,
    ...(showEmail ? { email: row.email } : {}),
    title: row.title,
    about: row.about,
    dateInserted: toApiDate(row.dateInserted),
    dateLastActive: view === "full" || row.hidden !== 1 ? toApiDate(row.dateLastActive) : null,
    countDiscussions: row.countDiscussions,
    countComments: row.countComments,
  };
}

/** What the signed-in member's own profile form starts from (`/profile/edit`). */
export interface EditableProfile {
  userID: number;
  name: string;
  email: string;
  /** The stored photo URL ("" when none: the generic avatar shows). */
  photo: string;
  title: string;
  /** What the member wrote about themself ("" when nothing). */
  about: string;
  /** The signature as the member typed it (Markdown; "" when none). */
  signature: string;
  private: boolean;
  /** Changing the email needs the current password when the account has one (API.md PATCH /users/{id}). */
  hasPassword: boolean;
}

export async function getEditableProfile(db: DbOrTx, userID: number): Promise<EditableProfile | undefined> {
  const row = await db
    .selectFrom("users")
    .select([
      "userID",
      "name",
      "email",
      "photo",
      "title",
      "about",
      "signatureRaw",
      "private",
      "password",
      "deleted",
    ])
    .where("userID", "=", userID)
    .executeTakeFirst();
  if (!row || row.deleted === 1) return undefined;
  return {
    userID: row.userID,
    name: row.name,
    email: row.email,
    photo: row.photo ?? "",
    title: row.title ?? "",
    about: row.about ?? "",
    signature: row.signatureRaw ?? "",
    private: row.private === 1,
    hasPassword: row.password !== null && row.password !== "",
  };
}
