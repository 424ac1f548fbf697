/** Slugs made lately, by title: a page or list writes the same titles' links again and again. */
const recentSlugs = new Map<string, string>();
/** Titles whose slugs are kept; past it the map starts again (a title is a few dozen bytes). */
const MAX_RECENT_SLUGS = 4096;

/**
 * A URL slug of a title: lower-case words joined by dashes, at most 80 characters. Kept for the titles asked
 * lately: Unicode normalisation and four expressions cost about 1 % of a member's discussion page.
 */
export function slugOf(name: string): string {
  const kept = recentSlugs.get(name);
  if (kept !== undefined) return kept;
  const slug = makeSlug(name);
  if (recentSlugs.size >= MAX_RECENT_SLUGS) recentSlugs.clear();
  recentSlugs.set(name, slug);
  return slug;
}

function makeSlug(name: string): string {
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
