/**
 * 'Navigate to Draft' (SPEC 2): the current page with `hasDraft=true` and `#create-comment`, or for a reply
 * draft `/discussion/comment/{id}?hasDraft=true#Comment_{id}`.
 */
export function draftLocationLink(
  location: Pick<Location, "pathname" | "search">,
  commentParentID?: number,
): string {
  if (commentParentID)
    return `/discussion/comment/${commentParentID}?hasDraft=true#Comment_${commentParentID}`;
  const params = new URLSearchParams(location.search);
  params.set("hasDraft", "true");
  return `${location.pathname}?${params.toString()}#create-comment`;
}

/** True on a page opened from 'Navigate to Draft'. */
export function openedForDraft(search: string): boolean {
  return new URLSearchParams(search).get("hasDraft") === "true";
}
