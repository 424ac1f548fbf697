// Attachments in this bundle: the cards' and actions' code is fetched only while the add-on is enabled.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("attachments", async () => {
  const { registerAttachmentWidgets } = await import("../attachments/registerAttachmentWidgets");
  registerAttachmentWidgets();
});
