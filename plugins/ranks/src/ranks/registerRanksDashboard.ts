import { registerComponent } from "@library/src/registry/componentRegistry";
import { RanksSection } from "./RanksSection";

/** The dashboard section the server declares as `RanksSection`. */
export function registerRanksDashboard(): void {
  registerComponent("RanksSection", RanksSection);
}
