import type { CSSProperties } from "react";
import { t } from "@library/src/i18n/translate";

/**
 * A small page drawn with the variables being edited (title bar, banner, a post, buttons), updated as they are
 * typed: the variables are set on this box only, so the dashboard around it keeps its own look.
 */
export function ThemeLivePreview({ variables }: { variables: Record<string, string> }) {
  const style = Object.fromEntries(
    Object.entries(variables).filter(([, value]) => value.trim() !== ""),
  ) as CSSProperties;
  return (
    <section className="themeLivePreview" style={style} aria-label={t("Live preview")}>
      <div className="themeLivePreview-titleBar">
        <span className="themeLivePreview-logo">{t("Community")}</span>
        <span>{t("Discussions")}</span>
        <span>{t("Categories")}</span>
      </div>
      <div className="themeLivePreview-banner">
        <p className="themeLivePreview-bannerTitle">{t("How can we help you?")}</p>
      </div>
      <div className="themeLivePreview-page">
        <article className="themeLivePreview-card">
          <p className="themeLivePreview-title">{t("Welcome to the community")}</p>
          <p className="themeLivePreview-text">
            {t("Posts, comments and links are drawn with these colours and fonts.")}{" "}
            <a href="#theme-preview" onClick={(event) => event.preventDefault()}>
              {t("A link")}
            </a>
          </p>
          <p className="themeLivePreview-muted">{t("Secondary text")}</p>
          <div className="themeLivePreview-buttons">
            <span className="themeLivePreview-button themeLivePreview-button--primary">
              {t("New Discussion")}
            </span>
            <span className="themeLivePreview-button">{t("Cancel")}</span>
          </div>
        </article>
      </div>
    </section>
  );
}
