import { useEffect, useId, useMemo, useState } from "react";
import { CONTENT_TRANSLATION_RESOURCE } from "@forum/api/translationKeys";
import type { TranslationServiceWithConfig } from "@forum/api/translationServices";
import { formatText, t } from "@library/src/i18n/translate";
import { dataOf, LoadStatus } from "@library/src/loadable/loadable";
import { useAppDispatch, useAppSelector } from "@library/src/redux/hooks";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { Modal } from "@library/src/ui/Modal/Modal";
import { UNSAVED_CHANGES_QUESTION } from "../shell/UnsavedChangesGuard";
import {
  getContentLocale,
  getContentLocales,
  getTranslationServices,
  machineTranslate,
  type ContentLocale,
} from "./translationsApi";
import {
  changesOf,
  keyOfProperty,
  singleRecordType,
  SOURCE_LOCALE,
  type TranslationProperty,
} from "./translationProperties";
import {
  fetchTranslations,
  saveTranslations,
  selectTranslations,
  selectTranslationSubmit,
} from "./translationsSlice";
import "./translations.css";

export interface ContentTranslatorProps {
  /** What is translated ("Gardening"): the dialog is called after it. */
  title: string;
  properties: readonly TranslationProperty[];
  onClose: () => void;
  /** The resource the translations are kept under (default: the site's content). */
  resource?: string;
}

/** The name of a locale in the reader's language, else in its own, else its key. */
function localeName(locale: ContentLocale, readerLocale: string): string {
  return locale.displayNames[readerLocale] ?? locale.displayNames[locale.localeKey] ?? locale.localeKey;
}

/**
 * The content translator (SPEC 2): the source text and its translation side by side, one row per property, in a
 * locale chosen from the site's others. Saves only non-empty texts, removes cleared ones, and asks before
 * switching locale or closing with unsaved edits. A configured default machine translation service can fill the
 * empty fields for a person to check.
 */
export function ContentTranslator({
  title,
  properties,
  onClose,
  resource = CONTENT_TRANSLATION_RESOURCE,
}: ContentTranslatorProps) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [locales, setLocales] = useState<ContentLocale[] | null>(null);
  const [localesFailed, setLocalesFailed] = useState(false);
  const [locale, setLocale] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<{ then: () => void } | null>(null);
  const [services, setServices] = useState<TranslationServiceWithConfig[]>([]);
  const [suggesting, setSuggesting] = useState(false);
  const [suggestFailed, setSuggestFailed] = useState(false);

  const recordType = singleRecordType(properties);
  const chosenLocale = locales?.find((candidate) => candidate.localeKey === locale);
  // The chosen language's own machine translation service, else the default one (configured ones only).
  const service =
    services.find((candidate) => candidate.type === chosenLocale?.translationService) ??
    services.find((candidate) => candidate.isDefault) ??
    null;
  const targets = useMemo(
    () => (locales ?? []).filter((candidate) => candidate.localeKey !== SOURCE_LOCALE),
    [locales],
  );
  const query = useMemo(
    () =>
      locale && recordType
        ? {
            resource,
            locale,
            recordType,
            recordIDs: [
              ...new Set(
                properties.flatMap((property) =>
                  property.recordID !== undefined ? [property.recordID] : [],
                ),
              ),
            ],
            recordKeys: [
              ...new Set(
                properties.flatMap((property) =>
                  property.recordID === undefined && property.recordKey !== undefined
                    ? [property.recordKey]
                    : [],
                ),
              ),
            ],
          }
        : null,
    [locale, recordType, resource, properties],
  );
  const storedLoadable = useAppSelector((state) => (query ? selectTranslations(state, query) : null));
  const stored = useMemo(() => (storedLoadable ? (dataOf(storedLoadable) ?? {}) : {}), [storedLoadable]);
  const submit = useAppSelector(selectTranslationSubmit);
  const changes = changesOf(properties, drafts, stored);
  const dirty = changes.save.length > 0 || changes.remove.length > 0;

  useEffect(() => {
    let live = true;
    const load = async () => {
      const all = await getContentLocales();
      // Each other language with its configuration: those marked not translatable are left out.
      const configured = await Promise.all(
        all.map((candidate) =>
          candidate.localeKey === SOURCE_LOCALE
            ? Promise.resolve(candidate)
            : getContentLocale(candidate.localeKey),
        ),
      );
      return configured.filter((candidate) => candidate.translatable !== false);
    };
    load()
      .then((found) => {
        if (!live) return;
        setLocales(found);
        setLocale(found.find((candidate) => candidate.localeKey !== SOURCE_LOCALE)?.localeKey ?? null);
      })
      .catch(() => live && setLocalesFailed(true));
    getTranslationServices()
      .then((found) => {
        if (live) setServices(found.filter((candidate) => candidate.isConfigured));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (query) void dispatch(fetchTranslations(query));
  }, [dispatch, query]);

  const askFirst = (then: () => void) => {
    if (dirty) setConfirming({ then });
    else then();
  };
  const close = () => askFirst(onClose);

  const save = async () => {
    if (!query || !dirty) return;
    const result = await dispatch(saveTranslations({ query, changes }));
    // SPEC 4: a successful save clears the form; a failure stays in state, with the edits kept.
    if (saveTranslations.fulfilled.match(result)) setDrafts({});
  };

  const suggest = async () => {
    if (!service || !locale) return;
    const empty = properties.filter((property) => {
      const key = keyOfProperty(property);
      return (drafts[key] ?? stored[key] ?? "").trim() === "";
    });
    if (empty.length === 0) return;
    setSuggesting(true);
    setSuggestFailed(false);
    try {
      const texts = await machineTranslate(
        service.type,
        empty.map((property) => property.sourceText),
        locale,
      );
      setDrafts((current) => {
        const next = { ...current };
        empty.forEach((property, index) => {
          const text = texts[index];
          const maxLength = property.propertyValidation?.maxLength;
          if (text) next[keyOfProperty(property)] = maxLength ? text.slice(0, maxLength) : text;
        });
        return next;
      });
    } catch {
      setSuggestFailed(true);
    } finally {
      setSuggesting(false);
    }
  };

  const readerLocale = document.documentElement.lang || SOURCE_LOCALE;
  let body;
  if (properties.length === 0) {
    body = <p className="contentTranslator-warning">{t("There is nothing to translate here.")}</p>;
  } else if (recordType === null) {
    body = (
      <p className="contentTranslator-warning">
        {t("The translator takes the texts of one kind of record at a time.")}
      </p>
    );
  } else if (localesFailed) {
    body = <p className="contentTranslator-warning">{t("The site's languages could not be loaded.")}</p>;
  } else if (!locales) {
    body = <Loader />;
  } else if (targets.length === 0 || !locale || !query) {
    body = (
      <p className="contentTranslator-warning">
        {t("Translating content needs a second language: enable a locale add-on.")}
      </p>
    );
  } else {
    // A failed read stays in state without a message (SPEC 8): the fields start empty.
    const waiting =
      storedLoadable?.status !== LoadStatus.ERROR && dataOf(storedLoadable ?? undefined) === undefined;
    const languageName = chosenLocale ? localeName(chosenLocale, readerLocale) : locale;
    body = (
      <>
        <div className="contentTranslator-toolbar">
          <label htmlFor={`${id}-locale`}>{t("Language")}</label>
          <select
            id={`${id}-locale`}
            className="input contentTranslator-locale"
            value={locale}
            onChange={(event) => {
              const next = event.target.value;
              askFirst(() => {
                setDrafts({});
                setLocale(next);
              });
            }}
          >
            {targets.map((target) => (
              <option key={target.localeKey} value={target.localeKey}>
                {localeName(target, readerLocale)}
              </option>
            ))}
          </select>
          {service && (
            <Button compact pending={suggesting} onClick={() => void suggest()}>
              {formatText(t("Fill empty fields with {service}"), { service: service.name })}
            </Button>
          )}
          {suggestFailed && (
            <span className="contentTranslator-warning" role="status">
              {t("The translation service did not answer.")}
            </span>
          )}
        </div>
        {waiting ? (
          <Loader />
        ) : (
          <table className="contentTranslator-table">
            <thead>
              <tr>
                <th scope="col">{t("Property")}</th>
                <th scope="col">{t("Source text")}</th>
                <th scope="col">{t("Translation")}</th>
              </tr>
            </thead>
            <tbody>
              {properties.map((property) => {
                const key = keyOfProperty(property);
                const value = drafts[key] ?? stored[key] ?? "";
                const inputID = `${id}-${key}`;
                const maxLength = property.propertyValidation?.maxLength;
                const inputProps = {
                  id: inputID,
                  className: "input",
                  value,
                  maxLength,
                  "aria-label": formatText(t("{property} in {language}"), {
                    property: property.label,
                    language: languageName,
                  }),
                  onChange: (event: { target: { value: string } }) =>
                    setDrafts((current) => ({ ...current, [key]: event.target.value })),
                };
                return (
                  <tr key={key}>
                    <th scope="row">{property.label}</th>
                    <td className="contentTranslator-source" lang={SOURCE_LOCALE}>
                      {property.sourceText}
                    </td>
                    <td lang={locale}>
                      {property.propertyType === "textMultiline" ? (
                        <textarea rows={3} {...inputProps} />
                      ) : (
                        <input type="text" {...inputProps} />
                      )}
                      {stored[key] === undefined && value.trim() === "" && (
                        <span className="contentTranslator-missing">{t("Not translated")}</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </>
    );
  }

  return (
    <>
      <Modal
        isVisible
        onClose={close}
        title={formatText(t("Translate {name}"), { name: title })}
        size="xl"
        closeOnBackdrop={false}
        className="contentTranslator"
      >
        {body}
        <div className="contentTranslator-footer">
          {dirty && <span className="contentTranslator-unsaved">{t("You have unsaved changes")}</span>}
          <Button onClick={close}>{t("Cancel")}</Button>
          <Button
            variant="primary"
            pending={submit.status === LoadStatus.LOADING}
            disabled={!dirty || !query}
            onClick={() => void save()}
          >
            {t("Save")}
          </Button>
        </div>
      </Modal>
      {confirming && (
        <Modal isVisible onClose={() => setConfirming(null)} title={t("Unsaved Changes")} size="small">
          <p>{t(UNSAVED_CHANGES_QUESTION)}</p>
          <div className="dashboardConfirm-actions">
            <Button onClick={() => setConfirming(null)}>{t("Cancel")}</Button>
            <Button
              variant="primary"
              onClick={() => {
                const { then } = confirming;
                setConfirming(null);
                then();
              }}
            >
              {t("Continue")}
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}
