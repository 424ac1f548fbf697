import type { Addon } from "@forum/api/addons";
import type { ConfigValues } from "@forum/api/config";
import { useEffect, useState, type FormEvent } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { SettingField, type SettingValue } from "../settings/SettingField";
import { SectionError } from "../shell/SectionError";

type Values = Record<string, SettingValue>;

function toSettingValue(value: unknown): SettingValue {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : null;
}

/**
 * An add-on's declared settings as a form: current values from `GET /config`, saved with `PATCH /config`
 * (only what changed), field errors under their fields, and an unsaved-changes note until saved.
 */
export function AddonSettingsForm({ addon }: { addon: Addon }) {
  const settings = addon.settings ?? [];
  const toast = useToast();
  const [saved, setSaved] = useState<Values | null>(null);
  const [values, setValues] = useState<Values>({});
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const keys = settings.map((setting) => setting.key).join(",");

  const load = () => {
    setLoadError(null);
    apiv2
      .get<ConfigValues>("config", { params: { select: keys } })
      .then((response) => {
        const current: Values = {};
        for (const setting of settings)
          current[setting.key] = toSettingValue(response.data[setting.key] ?? setting.default);
        setSaved(current);
        setValues(current);
      })
      .catch((error: unknown) => setLoadError(toApiError(error)));
  };
  useEffect(load, [keys]);

  if (loadError) return <SectionError error={loadError} onRetry={load} />;
  if (!saved) return <Loader />;
  const changed = Object.fromEntries(Object.entries(values).filter(([key, value]) => saved[key] !== value));
  const dirty = Object.keys(changed).length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    setSaving(true);
    setSaveError(null);
    try {
      await apiv2.patch("config", changed);
      setSaved(values);
      toast.addToast({ type: "success", message: t("Your changes have been saved.") });
    } catch (error) {
      setSaveError(toApiError(error));
    } finally {
      setSaving(false);
    }
  };

  const generalErrors = saveError && Object.keys(saveError.errors).length === 0 ? saveError : null;
  return (
    <form className="addonSettings" onSubmit={(event) => void submit(event)} aria-label={addon.name}>
      {settings.map((setting) => (
        <SettingField
          key={setting.key}
          setting={setting}
          value={values[setting.key] ?? null}
          errors={saveError?.errors[setting.key]}
          onChange={(value) => setValues((previous) => ({ ...previous, [setting.key]: value }))}
        />
      ))}
      {generalErrors && <SectionError error={generalErrors} />}
      <div className="addonSettings-footer">
        <Button type="submit" variant="primary" compact pending={saving} disabled={!dirty}>
          {t("Save")}
        </Button>
        {dirty && <span className="addonSettings-dirty">{t("You have unsaved changes")}</span>}
      </div>
    </form>
  );
}
