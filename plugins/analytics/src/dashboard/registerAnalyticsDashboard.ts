import { registerComponent } from "@library/src/registry/componentRegistry";
import { AnalyticsSection } from "./AnalyticsSection";

/** The dashboard section the server declares as `AnalyticsSection`. */
export function registerAnalyticsDashboard(): void {
  registerComponent("AnalyticsSection", AnalyticsSection);
}
