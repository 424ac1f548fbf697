import { TAGGING_DISABLED_MESSAGE } from "@forum/api/tags";
import type { AppContext } from "@library/server/app/appContext";
import { ForbiddenError } from "@library/server/errors/httpErrors";

/** API.md 2.4: a tag's address. The tag page itself is `/discussions?tagID={id}`; this one redirects there. */
export function tagUrl(urlcode: string): string {
  return `/discussions/tagged/${encodeURIComponent(urlcode)}`;
}

/** The tag page: the discussion list narrowed to one tag. */
export function tagPagePath(tagID: number): string {
  return `/discussions?tagID=${tagID}`;
}

/** A tag's display name: trimmed, inner runs of white space made one space. */
export function cleanTagName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

/** The slug of a tag name: lower-case letters and digits joined by dashes; empty when the name has neither. */
export function tagSlugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)
    .replace(/-+$/g, "");
}

/** Every tag write and read answers 403 "Tagging is not enabled." while `tagging.enabled` is off (API.md 7.5). */
export function requireTaggingEnabled(context: AppContext): void {
  if (!context.settings.peek<boolean>("tagging.enabled")) throw new ForbiddenError(TAGGING_DISABLED_MESSAGE);
}

export function taggingEnabled(context: AppContext): boolean {
  return context.settings.peek<boolean>("tagging.enabled") === true;
}
