import { registerComponent } from "@library/src/registry/componentRegistry";
import { TranslationServicesSection } from "./TranslationServicesSection";

/** The translation feature's dashboard section (its name as the server's section registry declares it). */
export function registerTranslationWidgets(): void {
  registerComponent("TranslationServicesSection", TranslationServicesSection);
}
