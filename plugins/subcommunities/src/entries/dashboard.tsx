// Subcommunities in the dashboard bundle: its section and the title bar's picker, only while the add-on runs.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("subcommunities", async () => {
  const [{ registerSubcommunitiesDashboard }, { registerSubcommunityPicker }] = await Promise.all([
    import("../dashboard/registerSubcommunitiesDashboard"),
    import("../picker/registerSubcommunityPicker"),
  ]);
  registerSubcommunitiesDashboard();
  registerSubcommunityPicker();
});
