import { useId } from "react";
import type { WidgetPropsMap } from "@forum/api/widgetProps";
import { t } from "@library/src/i18n/translate";
import { getComponent } from "@library/src/registry/componentRegistry";
import "@applications/forum/src/layouts/bannerWidget.css";

export type BannerWidgetProps = WidgetPropsMap["BannerWidget"];

/**
 * The hero banner (SPEC 2 "Hero banner and search bar"): the same markup and classes (`heroBanner`,
 * theme/pages.css) as the server-rendered home page, so both look the same. Its search bar is the
 * `HeroSearchForm` an add-on registers (the server page's `home.hero` slot); without one there is none. A
 * layout may add a background and a right image, hide the search bar, or ask the form for the 'Search In' scope
 * selector (site or hub: `showScope`).
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
  const search = showSearch && SearchForm ? <SearchForm showScope={showScope} /> : null;
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
