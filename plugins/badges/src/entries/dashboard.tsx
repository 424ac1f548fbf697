// Badges in the dashboard bundle: only when the add-on is enabled does the page fetch its section (Badges).
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("badges", async () => {
  const { registerBadgesDashboard } = await import("../badgesAdmin/registerBadgesDashboard");
  registerBadgesDashboard();
});
