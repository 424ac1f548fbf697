import { useCallback, useEffect, useState } from "react";
import type { Locale } from "@forum/api/locales";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { getConfig } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import type { SiteSection, SiteSectionPost } from "../../api/subcommunitiesApi";
import { createSection, deleteSection, fetchSections, updateSection } from "../sectionsApi";
import { SectionForm, type CategoryChoice, type LocaleChoice, type ThemeChoice } from "./SectionForm";
import "./subcommunities.css";

interface Choices {
  locales: LocaleChoice[];
  categories: CategoryChoice[];
  themes: ThemeChoice[];
}

async function fetchChoices(): Promise<Choices> {
  const reader = getConfig("garden.locale", "en");
  const [locales, categories, themes] = await Promise.all([
    apiv2.get<Locale[]>("locales"),
    apiv2.get<CategoryChoice[]>("categories", { params: { outputFormat: "flat", limit: 500 } }),
    apiv2.get<{ themeID: string | number; name: string }[]>("themes"),
  ]);
  return {
    themes: themes.data.map((theme) => ({ themeKey: String(theme.themeID), name: theme.name })),
    locales: locales.data.map((locale) => ({
      localeKey: locale.localeKey,
      // Each language in its own words, as the picker shows it.
      name: locale.displayNames[locale.localeKey] ?? locale.displayNames[reader] ?? locale.localeKey,
    })),
    categories: categories.data.map(({ categoryID, name, depth }) => ({ categoryID, name, depth })),
  };
}

type Editing = { kind: "new" } | { kind: "edit"; section: SiteSection } | null;

/** Dashboard › Subcommunities: the sections, each to edit or delete, and a form for a new one. */
export function SubcommunitiesSection() {
  const [sections, setSections] = useState<SiteSection[] | null>(null);
  const [choices, setChoices] = useState<Choices | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<ApiError | null>(null);

  const reload = useCallback(() => {
    fetchSections()
      .then(setSections)
      .catch((thrown: unknown) => setError(toApiError(thrown)));
  }, []);
  useEffect(reload, [reload]);
  useEffect(() => {
    fetchChoices()
      .then(setChoices)
      .catch((thrown: unknown) => setError(toApiError(thrown)));
  }, []);

  const save = async (body: SiteSectionPost) => {
    if (editing?.kind === "edit") await updateSection(editing.section.siteSectionID, body);
    else await createSection(body);
    setEditing(null);
    reload();
  };
  const remove = (section: SiteSection) => {
    if (!window.confirm(t("Delete this subcommunity? Its categories and posts stay."))) return;
    deleteSection(section.siteSectionID)
      .then(reload)
      .catch((thrown: unknown) => setError(toApiError(thrown)));
  };

  if (error)
    return (
      <p className="dashboardError-message" role="alert">
        {error.message}
      </p>
    );
  if (!sections || !choices) return <Loader />;
  const localeName = (key: string) => choices.locales.find((locale) => locale.localeKey === key)?.name ?? key;
  return (
    <div className="subcommunitiesSection">
      {editing ? (
        <SectionForm
          key={editing.kind === "edit" ? editing.section.siteSectionID : "new"}
          {...(editing.kind === "edit" && { section: editing.section })}
          locales={choices.locales}
          categories={choices.categories}
          themes={choices.themes}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div className="dashboardToolbar">
          <Button variant="primary" onClick={() => setEditing({ kind: "new" })}>
            {t("New subcommunity")}
          </Button>
        </div>
      )}
      {sections.length === 0 ? (
        <p className="dashboardEmpty">{t("No subcommunity yet: the site is one community.")}</p>
      ) : (
        <div className="dashboardTable-scroll">
          <table className="dashboardTable">
            <thead>
              <tr>
                <th scope="col">{t("Name")}</th>
                <th scope="col">{t("Address")}</th>
                <th scope="col">{t("Language")}</th>
                <th scope="col">
                  <span className="sr-only">{t("Actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sections.map((section) => (
                <tr key={section.siteSectionID}>
                  <td className="dashboardTable-name" data-label={t("Name")} lang={section.locale}>
                    {section.name}
                  </td>
                  <td data-label={t("Address")}>
                    <a href={section.url}>{`/${section.slug}/`}</a>
                  </td>
                  <td data-label={t("Language")}>{localeName(section.locale)}</td>
                  <td className="dashboardTable-actions">
                    <Button compact onClick={() => setEditing({ kind: "edit", section })}>
                      {t("Edit")}
                      <span className="sr-only"> {section.name}</span>
                    </Button>
                    <Button compact onClick={() => remove(section)}>
                      {t("Delete")}
                      <span className="sr-only"> {section.name}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
