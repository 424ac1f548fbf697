/**
 * Keys whose values are links. API answers write the site's own links absolute (`https://site/path`), as API v2
 * clients expect; the site's own client turns them back into paths so they follow the host it was opened on.
 */
export const API_LINK_KEYS: ReadonlySet<string> = new Set([
  "url",
  "photoUrl",
  "canonicalUrl",
  "iconUrl",
  "bannerUrl",
  "readUrl",
]);
