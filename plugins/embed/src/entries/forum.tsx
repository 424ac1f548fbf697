// Embed in this bundle: the frame reporting is fetched only while the add-on is enabled.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("embed", async () => {
  const { registerEmbedFrame } = await import("../frame/registerEmbedFrame");
  registerEmbedFrame();
});
