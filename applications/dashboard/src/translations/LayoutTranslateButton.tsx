import type { StoredLayout } from "@forum/api/storedLayouts";
import { layoutTranslationProperties } from "./layoutTranslation";
import { TranslateButton } from "./TranslateButton";

/** The layout editor's translate icon: the saved layout's widget titles and banner texts (none: no icon). */
export function LayoutTranslateButton({ layout }: { layout: StoredLayout }) {
  const properties = layoutTranslationProperties(layout);
  return properties.length > 0 ? <TranslateButton title={layout.name} properties={properties} /> : null;
}
