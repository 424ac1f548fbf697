import type { ConfigValues } from "@forum/api/config";
import type { SiteSettingsGroup, SiteSettingsGroupKey } from "@forum/api/siteSettings";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { SettingField, type SettingValue } from "../settings/SettingField";
import { SectionError } from "../shell/SectionError";
import { UnsavedChangesGuard } from "../shell/UnsavedChangesGuard";
import { splitSaveErrors } from "./siteSettingsErrors";
import "./siteSettings.css";

type Values = Record<string, SettingValue>;

function toSettingValue(value: unknown): SettingValue {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : null;
}

interface Loaded {
  group: SiteSettingsGroup;
  saved: Values;
}

/**
 * One site settings screen: the group's declared settings as fields (from `GET /dashboard/settings/{group}`),
 * current values from `GET /config`, saved with `PATCH /config` (only what changed; an empty secret keeps the
 * stored one). Field errors go under their fields, anything else above the form; 'You have unsaved changes'
 * shows until the changes are saved, and leaving the screen before then asks first ('Unsaved Changes').
 */
export function SiteSettingsForm({
  groupKey,
  children,
}: {
  groupKey: SiteSettingsGroupKey;
  children?: ReactNode;
}) {
  const toast = useToast();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [values, setValues] = useState<Values>({});
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const load = () => {
    setLoadError(null);
    void (async () => {
      try {
        const group = (await apiv2.get<SiteSettingsGroup>(`dashboard/settings/${groupKey}`)).data;
        const keys = group.fields.filter((field) => !field.secret).map((field) => field.key);
        const config =
          keys.length > 0
            ? (await apiv2.get<ConfigValues>("config", { params: { select: keys.join(",") } })).data
            : {};
        const saved: Values = {};
        for (const field of group.fields)
          saved[field.key] = field.secret ? "" : toSettingValue(config[field.key] ?? field.default);
        setLoaded({ group, saved });
        setValues(saved);
      } catch (error) {
        setLoadError(toApiError(error));
      }
    })();
  };
  useEffect(load, [groupKey]);
  // After a refused save, the first field with an error takes the focus, so a keyboard user lands where to fix it.
  useEffect(() => {
    if (saveError) formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [saveError]);

  if (loadError) return <SectionError error={loadError} onRetry={load} />;
  if (!loaded) return <Loader />;
  const { group, saved } = loaded;
  const changed = Object.fromEntries(Object.entries(values).filter(([key, value]) => saved[key] !== value));
  const dirty = Object.keys(changed).length > 0;
  const errors = splitSaveErrors(
    saveError,
    group.fields.map((field) => field.key),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    setSaving(true);
    setSaveError(null);
    try {
      await apiv2.patch("config", changed);
      const secrets = group.fields.filter((field) => field.secret).map((field) => [field.key, ""] as const);
      const next = { ...values, ...Object.fromEntries(secrets) };
      setLoaded({ group, saved: next });
      setValues(next);
      toast.addToast({ type: "success", message: t("Your changes have been saved.") });
    } catch (error) {
      setSaveError(toApiError(error));
    } finally {
      setSaving(false);
    }
  };

  if (group.fields.length === 0)
    return (
      <>
        <p className="siteSettings-empty">{t("There are no settings here you can change.")}</p>
        {children}
      </>
    );
  return (
    <>
      <form
        ref={formRef}
        className="siteSettings"
        noValidate
        aria-label={group.label}
        onSubmit={(event) => void submit(event)}
      >
        {errors.general.length > 0 && (
          <ul className="siteSettings-errors" role="alert">
            {errors.general.map((message, index) => (
              <li key={index}>{message}</li>
            ))}
          </ul>
        )}
        {group.fields.map((field) => (
          <SettingField
            key={field.key}
            setting={field}
            value={values[field.key] ?? null}
            errors={errors.byField[field.key]}
            onChange={(value) => setValues((previous) => ({ ...previous, [field.key]: value }))}
          />
        ))}
        <div className="siteSettings-footer">
          <Button type="submit" variant="primary" pending={saving} disabled={!dirty}>
            {t("Save")}
          </Button>
          {dirty && (
            <span className="siteSettings-dirty" role="status">
              {t("You have unsaved changes")}
            </span>
          )}
        </div>
      </form>
      <UnsavedChangesGuard active={dirty} />
      {children}
    </>
  );
}
