import type { WidgetPropsMap } from "@forum/api/widgetProps";
import { HeroScopeSearch } from "./HeroScopeSearch";
import { SearchBox } from "./SearchBox";

export type HeroSearchFormProps = Partial<WidgetPropsMap["HeroSearchForm"]>;

/** The hero banner's search bar in the single-page app's BannerWidget: autocomplete, or the scope form. */
export function HeroSearchForm({ showScope = false }: HeroSearchFormProps) {
  if (showScope) return <HeroScopeSearch />;
  return (
    <div className="heroBanner-searchHost">
      <SearchBox variant="hero" />
    </div>
  );
}
