// The knowledge add-on in the single-page forum: its discussion-page widgets, fetched only while it is enabled.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("knowledge", async () => {
  const { registerKnowledgeSlotWidgets } = await import("../knowledge/registerKnowledgeSlotWidgets");
  registerKnowledgeSlotWidgets();
});
