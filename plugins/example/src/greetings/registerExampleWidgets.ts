import { registerComponent } from "@library/src/registry/componentRegistry";
import { ExampleGreeting } from "./ExampleGreeting";

/** The example add-on's widgets, under the names its page-slot nodes use. */
export function registerExampleWidgets(): void {
  registerComponent("ExampleGreeting", ExampleGreeting);
}
