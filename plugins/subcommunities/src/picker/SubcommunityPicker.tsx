import { useEffect, useState } from "react";
import type { TitleBarItemComponentProps } from "@library/src/titleBar/TitleBarItemEntry";
import { getConfig } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
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

/**
 * The title bar's section picker (SPEC 2): a menu of the site itself and every section, each name in its own
 * language (`lang`), the current one marked; arrows, Enter, Space and Escape as every menu.
 */
export function SubcommunityPicker({ sections: given, pathname }: SubcommunityPickerProps) {
  const [sections, setSections] = useState<SiteSection[] | null>(given ?? null);
  useEffect(() => {
    if (given) return;
    fetchSections()
      .then(setSections)
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
        <span className="subcommunityPicker-current" lang={current?.locale ?? siteLocale}>
          {current ? current.name : siteName}
        </span>
      }
      buttonClassName="titleBar-link subcommunityPicker-button"
      contentsClassName="subcommunityPicker-menu"
    >
      <DropDownItemLink href="/" className={current ? undefined : "subcommunityPicker-item--current"}>
        <span lang={siteLocale}>{siteName}</span>
      </DropDownItemLink>
      {sections.map((section) => (
        <DropDownItemLink
          key={section.siteSectionID}
          href={section.url}
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
