/** Links of the knowledge-base pages (plain values, safe in browser code). */

/** A URL slug of a name: lower-case letters, digits and dashes. */
export function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "article"
  );
}

export const kbPaths = {
  home: () => "/kb",
  search: () => "/kb/search",
  newBase: () => "/kb/new",
  base: (urlCode: string) => `/kb/${encodeURIComponent(urlCode)}`,
  newArticle: (urlCode: string) => `/kb/${encodeURIComponent(urlCode)}/new-article`,
  article: (articleID: number, name: string) => `/kb/articles/${articleID}-${slugOf(name)}`,
  editArticle: (articleID: number, name: string) => `/kb/articles/${articleID}-${slugOf(name)}/edit`,
};

/** The id at the start of `/kb/articles/{id}-{slug}`, or null. */
export function articleIDOf(idSlug: string): number | null {
  const match = /^(\d{1,9})(?:-|$)/.exec(idSlug);
  return match ? Number(match[1]) : null;
}
