// Search in this bundle: the search page widget, the title bar's autocomplete and the hero's search bar, loaded
// only when the add-on is enabled. The stylesheet ships with the bundle so the server-rendered page is styled.
import { registerAddonEntry } from "@library/src/registry/addonEntries";
import "../search/search.css";

registerAddonEntry("search", async () => {
  const { registerSearchWidgets } = await import("../search/registerSearchWidgets");
  registerSearchWidgets();
});
