import { createRoot } from "react-dom/client";

/**
 * Turns the home page's server-rendered search form (a plain GET form to /search, which works without
 * JavaScript) into the search bar with autocomplete. The search bar's code is fetched only on a page with the
 * hero form.
 */
export async function enhanceHeroSearch(root: ParentNode = document): Promise<boolean> {
  const form = root.querySelector<HTMLFormElement>("form.heroBanner-search");
  if (!form?.parentElement) return false;
  const { SearchBox } = await import("./SearchBox");
  if (!form.isConnected) return false;
  const host = document.createElement("div");
  host.className = "heroBanner-searchHost";
  form.replaceWith(host);
  createRoot(host).render(<SearchBox variant="hero" />);
  return true;
}
