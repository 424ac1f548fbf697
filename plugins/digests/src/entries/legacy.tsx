// Digests in this bundle: the preferences page's frequency control is fetched only while the add-on is enabled.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("digests", async () => {
  const { registerDigestPreference } = await import("../preferences/registerDigestPreference");
  registerDigestPreference();
});
