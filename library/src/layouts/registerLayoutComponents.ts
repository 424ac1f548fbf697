import { registerComponent } from "@library/src/registry/componentRegistry";
import { LayoutError } from "@library/src/layouts/LayoutError";
import {
  Breadcrumbs,
  SectionFullWidth,
  SectionOneColumn,
  SectionTwoColumns,
} from "@library/src/layouts/sections";

/** The layout building blocks every layout uses; applications register their own widgets beside these. */
export function registerLayoutComponents(): void {
  registerComponent("SectionOneColumn", SectionOneColumn);
  registerComponent("SectionTwoColumns", SectionTwoColumns);
  registerComponent("SectionFullWidth", SectionFullWidth);
  registerComponent("Breadcrumbs", Breadcrumbs);
  registerComponent("LayoutError", LayoutError);
}
