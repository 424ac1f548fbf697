import type { InitialLayout, LayoutQuery } from "@forum/api/layouts";

export const INITIAL_LAYOUT_ELEMENT_ID = "initial-layout";

/** A stable key for a query: params sorted, so `{a, b}` and `{b, a}` are the same request. */
export function layoutQueryKey(query: LayoutQuery): string {
  const params = Object.keys(query.params)
    .sort()
    .map((key) => `${key}=${query.params[key] ?? ""}`)
    .join("&");
  return `${query.layoutViewType}|${query.recordType}|${query.recordID}|${params}`;
}

let consumed = false;

/**
 * The layout the server printed into the page, if it was printed for exactly this query. It is used once: after
 * the first render, navigation fetches. A mismatch means a double fetch, which is worth a developer's warning.
 */
export function takeInitialLayout(query: LayoutQuery): InitialLayout["data"] | null {
  if (consumed || typeof document === "undefined") return null;
  const element = document.getElementById(INITIAL_LAYOUT_ELEMENT_ID);
  if (!element?.textContent) return null;
  consumed = true;
  try {
    const initial = JSON.parse(element.textContent) as InitialLayout;
    if (layoutQueryKey(initial.query) === layoutQueryKey(query)) return initial.data;
    console.warn(
      `The page's layout was printed for ${layoutQueryKey(initial.query)} but the app asked for ${layoutQueryKey(query)}: it will be fetched twice.`,
    );
  } catch (error) {
    console.error("The page's initial layout is not valid JSON.", error);
  }
  return null;
}

/** For tests: let the next page read its initial layout again. */
export function resetInitialLayout(): void {
  consumed = false;
}
