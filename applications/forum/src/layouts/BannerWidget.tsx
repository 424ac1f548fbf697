import { useId } from "react";
import type { WidgetPropsMap } from "@forum/api/widgetProps";
import { t } from "@library/src/i18n/translate";
import { getComponent } from "@library/src/registry/componentRegistry";
import { BannerScopeSearch } from "@applications/forum/src/layouts/BannerScopeSearch";
import "@applications/forum/src/layouts/bannerWidget.css";

export type BannerWidgetProps = WidgetPropsMap["BannerWidget"];

/**
 * The hero banner (SPEC 2 "Hero banner and search bar"): the same markup and classes (`heroBanner`,
 * theme/pages.css) as the server-rendered home page, so both look the same. Its search bar is the
 * `HeroSearchForm` an add-on registers (the server page's `home.hero` slot); without one there is none. A
 * layout may add a background and a right image, hide the search bar, or give it the 'Search In' scope
 * selector (site or hub).
 */
export function BannerWidget({
  title,
  description,
  backgroundImage,
  rightImage,
  showSearch = true,
  showScope = false,
}: BannerWidgetProps) {
  const id = useId();
  const titleID = `${id}-title`;
  const SearchForm = getComponent("HeroSearchForm");
  let search = null;
  if (showSearch && showScope) search = <BannerScopeSearch />;
  else if (showSearch && SearchForm) search = <SearchForm />;
  return (
    <section
      className={[
        "heroBanner",
        rightImage ? "heroBanner--withImage" : "",
        backgroundImage ? "heroBanner--withBackground" : "",
      ]
        .filter(Boolean)
        .join(" ")}
      aria-labelledby={titleID}
      style={backgroundImage ? { backgroundImage: `url("${encodeURI(backgroundImage)}")` } : undefined}
    >
      <div className="heroBanner-content">
        <h1 className="heroBanner-title" id={titleID}>
          {title || t("How can we help you?")}
        </h1>
        {description ? <p className="heroBanner-description">{description}</p> : null}
        {search}
      </div>
      {rightImage ? <img className="heroBanner-rightImage" src={rightImage} alt="" /> : null}
    </section>
  );
}
