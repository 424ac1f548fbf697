import { registerComponent } from "@library/src/registry/componentRegistry";
import { EmbedSection } from "./EmbedSection";

/** The dashboard section the server declares as `EmbedSection`. */
export function registerEmbedDashboard(): void {
  registerComponent("EmbedSection", EmbedSection);
}
