// The badges add-on in this bundle: its widgets and styles are fetched only while the add-on is enabled.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("badges", async () => {
  const { registerBadgesWidgets } = await import("../badges/registerBadgesWidgets");
  registerBadgesWidgets();
});
