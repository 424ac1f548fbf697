// Analytics in this bundle: the tracking code is fetched only while the add-on is enabled.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("analytics", async () => {
  const { registerAnalyticsTracking } = await import("../tracking/registerAnalyticsTracking");
  registerAnalyticsTracking();
});
