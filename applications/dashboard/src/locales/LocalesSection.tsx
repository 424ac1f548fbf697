import type { Locale } from "@forum/api/locales";
import type { TranslationService } from "@forum/api/translationServices";
import { useEffect, useId, useState } from "react";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { formatText, getLocale, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { DashboardTable } from "../lists/DashboardTable";
import { SectionError } from "../shell/SectionError";
import {
  fetchLocaleSettings,
  fetchSiteLocale,
  fetchTranslationServices,
  patchLocale,
  saveSiteLocale,
} from "./localesAdminApi";
import "./locales.css";

interface LocalesData {
  locales: Locale[];
  services: TranslationService[];
  siteLocale: string;
}

/** A locale's name in the language the dashboard is read in, else in itself. */
export function localeName(locale: Locale): string {
  return locale.displayNames[getLocale()] ?? locale.displayNames[locale.localeKey] ?? locale.localeKey;
}

/**
 * Dashboard › Settings › Locales: the site's default language (readers who chose none read in it), and for each
 * enabled language its machine translation service and whether content is translated into it. Languages are
 * add-ons: more are turned on under Addons.
 */
export function LocalesSection() {
  const toast = useToast();
  const defaultID = useId();
  const [data, setData] = useState<LocalesData | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [siteLocale, setSiteLocale] = useState("en");
  const [saving, setSaving] = useState<string | null>(null);

  const load = () => {
    Promise.all([fetchLocaleSettings(), fetchTranslationServices(), fetchSiteLocale()])
      .then(([locales, services, site]) => {
        setData({ locales, services, siteLocale: site });
        setSiteLocale(site);
        setError(null);
      })
      .catch((caught: unknown) => setError(toApiError(caught)));
  };
  useEffect(load, []);

  const saveDefault = async () => {
    setSaving("default");
    try {
      await saveSiteLocale(siteLocale);
      setData((previous) => previous && { ...previous, siteLocale });
      toast.addToast({ type: "success", message: t("Your changes have been saved.") });
    } catch (caught) {
      toast.addErrorToast(toApiError(caught).message);
    } finally {
      setSaving(null);
    }
  };

  const change = async (
    locale: Locale,
    patch: { translationService?: string | null; translatable?: boolean },
  ) => {
    setSaving(locale.localeID);
    try {
      const saved = await patchLocale(locale.localeID, patch);
      setData(
        (previous) =>
          previous && {
            ...previous,
            locales: previous.locales.map((item) => (item.localeID === saved.localeID ? saved : item)),
          },
      );
      toast.addToast({ type: "success", message: t("Your changes have been saved.") });
    } catch (caught) {
      toast.addErrorToast(toApiError(caught).message);
    } finally {
      setSaving(null);
    }
  };

  if (error && !data) return <SectionError error={error} onRetry={load} />;
  if (!data) return <Loader />;
  return (
    <div className="localesSection">
      <div className="formGroup">
        <label className="formGroup-label" htmlFor={defaultID}>
          {t("Default language")}
        </label>
        <div className="localesSection-default">
          <select
            id={defaultID}
            className="input dashboardSelect localesSection-select"
            value={siteLocale}
            onChange={(event) => setSiteLocale(event.target.value)}
          >
            {data.locales.map((locale) => (
              <option key={locale.localeID} value={locale.localeKey}>
                {localeName(locale)}
              </option>
            ))}
          </select>
          <Button
            variant="primary"
            pending={saving === "default"}
            disabled={siteLocale === data.siteLocale}
            onClick={() => void saveDefault()}
          >
            {t("Save")}
          </Button>
        </div>
        <p className="formGroup-description">
          {t("Readers who have not chosen a language read the site in this one.")}
        </p>
      </div>
      <DashboardTable columns={[t("Language"), t("Translation service"), t("Translatable")]}>
        {data.locales.map((locale) => (
          <tr key={locale.localeID}>
            <td>
              <div className="dashboardTable-name" lang={locale.localeKey}>
                {locale.displayNames[locale.localeKey] ?? locale.localeKey}
              </div>
              <span className="localesSection-key">{locale.regionalKey}</span>
            </td>
            <td>
              <select
                className="input dashboardSelect localesSection-select"
                aria-label={formatText(t("Translation service for {name}"), { name: localeName(locale) })}
                value={locale.translationService ?? ""}
                disabled={saving === locale.localeID}
                onChange={(event) => void change(locale, { translationService: event.target.value || null })}
              >
                <option value="">{t("None")}</option>
                {data.services.map((service) => (
                  <option key={service.type} value={service.type}>
                    {service.name}
                  </option>
                ))}
              </select>
            </td>
            <td>
              <Checkbox
                label={formatText(t("Translate content into {name}"), { name: localeName(locale) })}
                checked={locale.translatable ?? true}
                disabled={saving === locale.localeID}
                onChange={(event) => void change(locale, { translatable: event.target.checked })}
              />
            </td>
          </tr>
        ))}
      </DashboardTable>
      <p className="formGroup-description">
        {t("Each language is an add-on: turn one on under Addons to offer it.")}{" "}
        <a className="localesSection-addonsLink" href="/dashboard/addons">
          {t("Addons")}
        </a>
      </p>
    </div>
  );
}
