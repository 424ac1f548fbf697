import { registerComponent } from "@library/src/registry/componentRegistry";
import { DigestsSection } from "./DigestsSection";

/** The dashboard section the server declares as `DigestsSection`. */
export function registerDigestsDashboard(): void {
  registerComponent("DigestsSection", DigestsSection);
}
