// The knowledge add-on in this bundle: its forms' code is fetched only while the add-on is enabled.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("knowledge", async () => {
  const { registerKnowledgeWidgets } = await import("../knowledge/registerKnowledgeWidgets");
  registerKnowledgeWidgets();
});
