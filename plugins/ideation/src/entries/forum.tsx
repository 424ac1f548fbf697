// Ideation in this bundle: the widget's code is fetched only while the add-on is enabled.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("ideation", async () => {
  const { registerIdeationWidgets } = await import("../ideas/registerIdeationWidgets");
  registerIdeationWidgets();
});
