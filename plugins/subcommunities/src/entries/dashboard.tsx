// Subcommunities in the dashboard bundle: only when the add-on is enabled does the page fetch its section.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("subcommunities", async () => {
  const { registerSubcommunitiesDashboard } = await import("../dashboard/registerSubcommunitiesDashboard");
  registerSubcommunitiesDashboard();
});
