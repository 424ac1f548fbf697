import { DEFAULT_AVATAR_URL } from "@forum/api/guest";

export { DEFAULT_AVATAR_URL };

/** `/profile/{name}` with the name URL-encoded, so slashes and ampersands cannot break the path. */
export function userProfileUrl(name: string): string {
  return `/profile/${encodeURIComponent(name)}`;
}

export function userPhotoUrl(photo: string | null): string {
  return photo && photo.length > 0 ? photo : DEFAULT_AVATAR_URL;
}

/** Links sent by mail: absolute when the site URL is known. */
export function emailConfirmationPath(userID: number, code: string): string {
  return `/entry/emailconfirm/${userID}/${encodeURIComponent(code)}`;
}

export function passwordResetPath(token: string): string {
  return `/entry/passwordreset/${encodeURIComponent(token)}`;
}
