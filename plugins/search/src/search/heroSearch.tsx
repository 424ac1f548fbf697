import { createRoot } from "react-dom/client";
import { SearchBox } from "./SearchBox";

/**
 * Turns the home page's server-rendered search form (a plain GET form to /search, which works without
 * JavaScript) into the search bar with autocomplete.
 */
export function enhanceHeroSearch(root: ParentNode = document): boolean {
  const form = root.querySelector<HTMLFormElement>("form.heroBanner-search");
  if (!form?.parentElement) return false;
  const host = document.createElement("div");
  host.className = "heroBanner-searchHost";
  form.replaceWith(host);
  createRoot(host).render(<SearchBox variant="hero" />);
  return true;
}
