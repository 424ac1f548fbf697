import { useId } from "react";
import { t } from "@library/src/i18n/translate";
import { getComponent } from "@library/src/registry/componentRegistry";

export interface BannerWidgetProps {
  title?: string;
  description?: string;
}

/**
 * The hero banner (SPEC 2 "Hero banner and search bar"): the same markup and classes (`heroBanner`,
 * theme/pages.css) as the server-rendered home page, so both look the same. Its search bar is the
 * `HeroSearchForm` an add-on registers (the server page's `home.hero` slot); without one there is none.
 */
export function BannerWidget({ title, description }: BannerWidgetProps) {
  const id = useId();
  const titleID = `${id}-title`;
  const SearchForm = getComponent("HeroSearchForm");
  return (
    <section className="heroBanner" aria-labelledby={titleID}>
      <div className="heroBanner-content">
        <h1 className="heroBanner-title" id={titleID}>
          {title || t("How can we help you?")}
        </h1>
        {description ? <p className="heroBanner-description">{description}</p> : null}
        {SearchForm ? <SearchForm /> : null}
      </div>
    </section>
  );
}
