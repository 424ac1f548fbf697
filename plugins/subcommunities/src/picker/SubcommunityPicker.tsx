import { useEffect, useState } from "react";
import type { TitleBarItemComponentProps } from "@library/src/titleBar/TitleBarItemEntry";
import { getBootstrap, getConfig } from "@library/src/bootstrap/bootstrap";
import { isCompactDevice, useDevice } from "@library/src/device/device";
import { t } from "@library/src/i18n/translate";
import { addSiteSectionSlugs } from "@library/src/routing/linkHandling";
import { currentSiteSection } from "@library/src/routing/siteSection";
import { DropDownItemLink } from "@library/src/ui/DropDownMenu/DropDownItems";
import { DropDownMenu } from "@library/src/ui/DropDownMenu/DropDownMenu";
import type { SiteSection } from "../../api/subcommunitiesApi";
import { currentSectionOf, fetchSections } from "../sectionsApi";
import "./subcommunityPicker.css";

export interface SubcommunityPickerProps extends Partial<TitleBarItemComponentProps> {
  /** The sections, when the caller has them (tests); otherwise fetched once. */
  sections?: SiteSection[];
  pathname?: string;
}

/** The site's own home: the page's base path without the section's folder (the app runs under `/fr`). */
function siteRootUrl(): string {
  const base = getBootstrap().basePath;
  const section = currentSiteSection()?.basePath ?? "";
  return `${section && base.endsWith(section) ? base.slice(0, -section.length) : base}/`;
}

function GlobeIcon() {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </svg>
  );
}

/**
 * The title bar's section picker (SPEC 2): a menu of the site itself and every section, each name in its own
 * language (`lang`), the current one marked; arrows, Enter, Space and Escape as every menu.
 */
export function SubcommunityPicker({ sections: given, pathname }: SubcommunityPickerProps) {
  const [sections, setSections] = useState<SiteSection[] | null>(given ?? null);
  const compact = isCompactDevice(useDevice());
  useEffect(() => {
    if (given) return;
    fetchSections()
      .then((found) => {
        // Links into a section load its page (SPEC 2 link handling).
        addSiteSectionSlugs(found.map((section) => section.slug));
        setSections(found);
      })
      .catch(() => setSections([]));
  }, [given]);
  if (!sections || sections.length === 0) return null;
  const current = currentSectionOf(sections, pathname ?? window.location.pathname);
  const siteName = getConfig("garden.title", "") || t("Main site");
  const siteLocale = getConfig("garden.locale", "en");
  return (
    <DropDownMenu
      label={t("Subcommunities")}
      buttonContent={
        compact ? (
          <GlobeIcon />
        ) : (
          <span className="subcommunityPicker-current" lang={current?.locale ?? siteLocale}>
            {current ? current.name : siteName}
          </span>
        )
      }
      // Narrow title bars have room for an icon only, as the other menus there.
      buttonClassName={compact ? "titleBar-iconButton" : "subcommunityPicker-button"}
      contentsClassName="subcommunityPicker-menu"
    >
      <DropDownItemLink
        href={siteRootUrl()}
        fullLoad
        className={current ? undefined : "subcommunityPicker-item--current"}
      >
        <span lang={siteLocale}>{siteName}</span>
      </DropDownItemLink>
      {sections.map((section) => (
        <DropDownItemLink
          key={section.siteSectionID}
          href={section.url}
          fullLoad
          className={
            current?.siteSectionID === section.siteSectionID ? "subcommunityPicker-item--current" : undefined
          }
        >
          <span lang={section.locale}>{section.name}</span>
        </DropDownItemLink>
      ))}
    </DropDownMenu>
  );
}
