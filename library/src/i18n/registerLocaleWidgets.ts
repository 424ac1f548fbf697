import { registerLazyComponent } from "@library/src/registry/componentRegistry";

/** The language picker of the page footer (loaded only on sites that offer more than one language). */
export function registerLocaleWidgets(): void {
  registerLazyComponent("LocalePicker", () => import("./LocalePicker").then((module) => module.LocalePicker));
}
