import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { sortUrl } from "./pageUrls";

const FORM_SELECTOR = "form[data-comment-sort]";

/** Hides the 'Go' of every server-written 'Sort by' form under `root`: a choice loads at once. */
export function hideCommentSortButtons(root: ParentNode): void {
  for (const button of Array.from(root.querySelectorAll<HTMLElement>(`${FORM_SELECTOR} [data-sort-go]`)))
    button.hidden = true;
}

/**
 * The 'Sort by' select the server writes (CommentSort): choosing an order loads the first page in it (SPEC 2), as
 * the single-page app's CommentSort does. One delegated listener; without script the form's 'Go' does it.
 */
export function installCommentSortSelect(root: Document): () => void {
  const onChange = (event: Event) => {
    const select = event.target instanceof HTMLSelectElement ? event.target : null;
    const form = select?.closest<HTMLFormElement>(FORM_SELECTOR);
    if (!select || !form) return;
    fullPageNavigate(sortUrl(form.dataset.baseUrl ?? "", select.value));
  };
  root.addEventListener("change", onChange);
  return () => root.removeEventListener("change", onChange);
}
