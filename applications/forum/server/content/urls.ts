/** A URL slug of a title: lower-case words joined by dashes, at most 80 characters. */
export function slugOf(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return encodeURIComponent(slug || "discussion");
}

/** `/discussion/{id}/{slug}` (API.md 7.1). */
export function discussionUrl(discussionID: number, name: string): string {
  return `/discussion/${discussionID}/${slugOf(name)}`;
}

/** `/discussion/comment/{id}#Comment_{id}` (API.md 8.1). */
export function commentUrl(commentID: number): string {
  return `/discussion/comment/${commentID}#Comment_${commentID}`;
}
