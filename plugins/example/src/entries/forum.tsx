// The example add-on in this bundle: its widget's code is fetched only while the add-on is enabled.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("example", async () => {
  const { registerExampleWidgets } = await import("../greetings/registerExampleWidgets");
  registerExampleWidgets();
});
