import type { Me } from "./users";

// Plain values with no validator code, so the client can import them without shipping TypeBox.

/** The generic avatar for users without a photo (SPEC 4: the photo falls back to it). */
export const DEFAULT_AVATAR_URL = "/applications/dashboard/design/images/defaulticon.png";

/** The date API.md 4.1 gives a guest's `dateInserted` and `dateUpdated`. */
export const GUEST_DATE = "2000-01-01T00:00:00+00:00";

/** `GET /users/me` for a guest (API.md 4.1, SPEC 3 defaults); the server adds the guest roles and permissions. */
export const GUEST_ME: Me = {
  userID: 0,
  name: "Guest",
  photoUrl: DEFAULT_AVATAR_URL,
  url: "",
  email: null,
  emailConfirmed: false,
  dateInserted: GUEST_DATE,
  dateUpdated: GUEST_DATE,
  dateLastActive: null,
  points: 0,
  banned: 0,
  private: false,
  showEmail: false,
  bypassSpam: false,
  roles: [],
  roleIDs: [],
  permissions: [],
  isAdmin: false,
  isSysAdmin: false,
  isSuperAdmin: false,
  countUnreadNotifications: 0,
  counts: {},
  countDiscussions: 0,
  countComments: 0,
  title: null,
  signature: { body: "" },
};

// SPEC 3 placeholder users: the name a record shows instead of its author's when the author cannot be shown.
// Their UserFragment has no profile (`url` is empty, as a guest's), so nothing links to a page that does not
// exist. Shown through the translation function.

/** The record names a user id that has no account (never existed, or the record predates it). */
export const UNKNOWN_USER_NAME = "Unknown";
/** The account was deleted with "Keep their posts": the posts stay, the name and profile do not. */
export const DELETED_USER_NAME = "User Deleted";

/** Whether a fragment stands for no profile (a placeholder or a guest): shown as plain text, never a link. */
export function hasProfile(user: { url: string }): boolean {
  return user.url !== "";
}
