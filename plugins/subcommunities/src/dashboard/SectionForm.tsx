import { useId, useState, type FormEvent } from "react";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { FormGroup, fieldAriaProps } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import type { SiteSection, SiteSectionNavItem, SiteSectionPost } from "../../api/subcommunitiesApi";

export interface LocaleChoice {
  localeKey: string;
  name: string;
}

export interface CategoryChoice {
  categoryID: number;
  name: string;
  depth: number;
}

export interface ThemeChoice {
  themeKey: string;
  name: string;
}

export interface SectionFormProps {
  /** The section edited; none for a new one. */
  section?: SiteSection;
  locales: LocaleChoice[];
  categories: CategoryChoice[];
  /** The site's themes; a section without one shows the site's. */
  themes?: ThemeChoice[];
  onSubmit: (body: SiteSectionPost) => Promise<void>;
  onCancel: () => void;
}

/** `Name | /url` per line, the navigation's text form. */
export function navigationText(items: readonly SiteSectionNavItem[]): string {
  return items.map((item) => `${item.name} | ${item.url}`).join("\n");
}

export function parseNavigation(text: string): SiteSectionNavItem[] {
  return text
    .split("\n")
    .map((line) => line.split("|").map((part) => part.trim()))
    .filter(([name, url]) => name && url)
    .map(([name, url]) => ({ name: name!, url: url! }));
}

/** The section form of Dashboard › Subcommunities: the server's field errors show under their fields. */
export function SectionForm({
  section,
  locales,
  categories,
  themes = [],
  onSubmit,
  onCancel,
}: SectionFormProps) {
  const [name, setName] = useState(section?.name ?? "");
  const [slug, setSlug] = useState(section?.slug ?? "");
  const [locale, setLocale] = useState(section?.locale ?? locales[0]?.localeKey ?? "en");
  const [root, setRoot] = useState(section?.rootCategoryID ? String(section.rootCategoryID) : "");
  const [themeKey, setThemeKey] = useState(section?.themeKey ?? "");
  const themeID = useId();
  const [description, setDescription] = useState(section?.description ?? "");
  const [navigation, setNavigation] = useState(navigationText(section?.navigation ?? []));
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const localeID = useId();
  const rootID = useId();
  const descriptionID = useId();
  const navigationID = useId();
  const errors = (field: string) => error?.errors[field];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    onSubmit({
      name,
      slug,
      locale,
      rootCategoryID: root ? Number(root) : null,
      description,
      themeKey: themeKey || null,
      navigation: parseNavigation(navigation),
    })
      .catch((thrown: unknown) => setError(toApiError(thrown)))
      .finally(() => setBusy(false));
  };

  return (
    <form
      className="subcommunityForm"
      aria-label={section ? t("Edit subcommunity") : t("New subcommunity")}
      onSubmit={submit}
    >
      <InputField
        label={t("Name")}
        required
        maxLength={100}
        value={name}
        errors={errors("name")}
        onChange={(event) => setName(event.target.value)}
      />
      <InputField
        label={t("Slug")}
        description={t("The folder of its pages: fr serves /fr/")}
        required
        maxLength={50}
        value={slug}
        errors={errors("slug")}
        onChange={(event) => setSlug(event.target.value.toLowerCase())}
      />
      <FormGroup label={t("Language")} inputID={localeID} required errors={errors("locale")}>
        <select
          id={localeID}
          className="input"
          value={locale}
          onChange={(event) => setLocale(event.target.value)}
          {...fieldAriaProps(localeID, errors("locale"))}
        >
          {locales.map((choice) => (
            <option key={choice.localeKey} value={choice.localeKey} lang={choice.localeKey}>
              {choice.name}
            </option>
          ))}
        </select>
      </FormGroup>
      <FormGroup label={t("Root category")} inputID={rootID} errors={errors("rootCategoryID")}>
        <select
          id={rootID}
          className="input"
          value={root}
          onChange={(event) => setRoot(event.target.value)}
          {...fieldAriaProps(rootID, errors("rootCategoryID"))}
        >
          <option value="">{t("All categories")}</option>
          {categories.map((category) => (
            <option key={category.categoryID} value={String(category.categoryID)}>
              {`${"\u00a0\u00a0".repeat(Math.max(0, category.depth - 1))}${category.name}`}
            </option>
          ))}
        </select>
      </FormGroup>
      <FormGroup label={t("Theme")} inputID={themeID} errors={errors("themeKey")}>
        <select
          id={themeID}
          className="input"
          value={themeKey}
          onChange={(event) => setThemeKey(event.target.value)}
          {...fieldAriaProps(themeID, errors("themeKey"))}
        >
          <option value="">{t("The site's theme")}</option>
          {themes.map((theme) => (
            <option key={theme.themeKey} value={theme.themeKey}>
              {theme.name}
            </option>
          ))}
        </select>
      </FormGroup>
      <FormGroup label={t("Description")} inputID={descriptionID} errors={errors("description")}>
        <textarea
          id={descriptionID}
          className="input"
          rows={2}
          maxLength={500}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </FormGroup>
      <FormGroup
        label={t("Navigation")}
        inputID={navigationID}
        description={t("One link per line: Name | /address")}
        descriptionID={`${navigationID}-description`}
        errors={Object.entries(error?.errors ?? {})
          .filter(([field]) => field.startsWith("navigation"))
          .flatMap(([, items]) => items)}
      >
        <textarea
          id={navigationID}
          className="input"
          rows={3}
          value={navigation}
          aria-describedby={`${navigationID}-description`}
          onChange={(event) => setNavigation(event.target.value)}
        />
      </FormGroup>
      {error && Object.keys(error.errors).length === 0 ? (
        <p className="dashboardError-message" role="alert">
          {error.message}
        </p>
      ) : null}
      <div className="subcommunityForm-actions">
        <Button type="submit" variant="primary" disabled={busy}>
          {t("Save")}
        </Button>
        <Button type="button" onClick={onCancel}>
          {t("Cancel")}
        </Button>
      </div>
    </form>
  );
}
