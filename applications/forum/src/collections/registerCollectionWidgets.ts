import { registerLazyComponent } from "@library/src/registry/componentRegistry";

/** The home page's collection widget for its `data-react` mount points (a lazy chunk: only the home page has it). */
export function registerCollectionWidgets(): void {
  registerLazyComponent("CollectionWidget", () =>
    import("@applications/forum/src/collections/CollectionWidget").then((module) => module.CollectionWidget),
  );
}
