// The badges add-on in this bundle: its widgets are fetched only while the add-on is enabled. Its styles come
// with the bundle: the server writes the badge pages, profile badges and leaderboard without script.
import { registerAddonEntry } from "@library/src/registry/addonEntries";
import "../badges/badges.css";

registerAddonEntry("badges", async () => {
  const { registerBadgesWidgets } = await import("../badges/registerBadgesWidgets");
  registerBadgesWidgets();
});
