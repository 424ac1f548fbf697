/** The avatar shown for users without a photo (and for guests). Pages reuse it. */
export const DEFAULT_AVATAR_URL = "/applications/dashboard/design/images/defaulticon.png";

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
