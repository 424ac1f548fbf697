/**
 * Typed path builders for pages that exist. They return site-relative paths: use them as-is for
 * react-router links (the router has the base path as basename) and wrap them in siteUrl() for plain anchors
 * and full page loads.
 */
function withTarget(path: string, target?: string): string {
  return target ? `${path}?Target=${encodeURIComponent(target)}` : path;
}

/** Slashes and ampersands (and anything else unsafe) in a username are escaped (SPEC 2). */
export function encodeUsername(name: string): string {
  return encodeURIComponent(name);
}

export type ProfileSection = "" | "discussions" | "comments" | "reactions";

export const paths = {
  home: "/",
  discussions: "/discussions",
  categories: "/categories",
  messages: "/messages",
  notifications: "/notifications",
  bookmarks: "/discussions/bookmarked",
  drafts: "/drafts",
  dashboard: "/dashboard",
  signIn: (target?: string) => withTarget("/entry/signin", target),
  register: (target?: string) => withTarget("/entry/register", target),
  signOut: (target?: string) => withTarget("/entry/signout", target),
  emailConfirmRequest: () => "/entry/emailconfirmrequest",
  profile: (name: string, section: ProfileSection = "") =>
    section ? `/profile/${section}/${encodeUsername(name)}` : `/profile/${encodeUsername(name)}`,
} as const;
