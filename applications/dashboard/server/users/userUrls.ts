import { DEFAULT_AVATAR_URL } from "@forum/api/guest";

export { DEFAULT_AVATAR_URL };
export { userPhotoUrl, userProfileUrl } from "@library/server/users/userFragments";

/** Links sent by mail: absolute when the site URL is known. */
export function emailConfirmationPath(userID: number, code: string): string {
  return `/entry/emailconfirm/${userID}/${encodeURIComponent(code)}`;
}

export function passwordResetPath(token: string): string {
  return `/entry/passwordreset/${encodeURIComponent(token)}`;
}
