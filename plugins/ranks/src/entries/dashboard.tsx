// Ranks in the dashboard bundle: only when the add-on is enabled does the page fetch its section (Forum › Ranks).
import { registerAddonEntry } from "@library/src/registry/addonEntries";

registerAddonEntry("ranks", async () => {
  const { registerRanksDashboard } = await import("../ranks/registerRanksDashboard");
  registerRanksDashboard();
});
