// Polls in this bundle: the widget's code is fetched only while the add-on is enabled.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("polls", async () => {
  const { registerPollWidgets } = await import("../polls/registerPollWidgets");
  registerPollWidgets();
});
