import type { DashboardBootstrap } from "@forum/api/dashboard";

let cached: DashboardBootstrap | null | undefined;

/** What the /dashboard page embeds: the sections this viewer may open, the version and the database. */
export function readDashboardBootstrap(doc: Document = document): DashboardBootstrap | null {
  if (cached !== undefined && doc === document) return cached;
  const script = doc.getElementById("dashboard-bootstrap");
  let parsed: DashboardBootstrap | null = null;
  if (script?.textContent) {
    try {
      parsed = JSON.parse(script.textContent) as DashboardBootstrap;
    } catch {
      parsed = null;
    }
  }
  if (doc === document) cached = parsed;
  return parsed;
}

/** Forget the cached bootstrap (tests). */
export function resetDashboardBootstrap(): void {
  cached = undefined;
}
