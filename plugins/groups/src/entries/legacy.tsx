// The groups add-on in this bundle: its widgets' code is fetched only while the add-on is enabled.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("groups", async () => {
  const { registerGroupWidgets } = await import("../groups/registerGroupWidgets");
  registerGroupWidgets();
});
