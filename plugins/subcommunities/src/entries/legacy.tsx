// The section picker in the title bar: only when the add-on is enabled does the page fetch it.
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("subcommunities", async () => {
  const { registerSubcommunityPicker } = await import("../picker/registerSubcommunityPicker");
  registerSubcommunityPicker();
});
