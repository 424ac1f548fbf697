import { useId } from "react";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { paths } from "@library/src/routing/paths";

export interface BannerWidgetProps {
  title?: string;
  description?: string;
}

/**
 * The hero banner with its search form (SPEC 2 "Hero banner and search bar"): the same markup and classes
 * (`heroBanner`, theme/pages.css) as the server-rendered home page, so both look the same.
 */
export function BannerWidget({ title, description }: BannerWidgetProps) {
  const id = useId();
  const titleID = `${id}-title`;
  const inputID = `${id}-query`;
  return (
    <section className="heroBanner" aria-labelledby={titleID}>
      <div className="heroBanner-content">
        <h1 className="heroBanner-title" id={titleID}>
          {title || t("How can we help you?")}
        </h1>
        {description ? <p className="heroBanner-description">{description}</p> : null}
        <form className="heroBanner-search" role="search" method="get" action={siteUrl(paths.search)}>
          <label className="sr-only" htmlFor={inputID}>
            {t("Search")}
          </label>
          <input
            id={inputID}
            className="heroBanner-input"
            type="search"
            name="query"
            placeholder={t("Search")}
          />
          <button className="button button-primary heroBanner-submit" type="submit">
            {t("Search")}
          </button>
        </form>
      </div>
    </section>
  );
}
