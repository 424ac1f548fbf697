import { useEffect, useId, useState, type ReactNode } from "react";
import type { TitleBarConfig } from "@forum/api/navigation";
import type { TITLE_BAR_BORDER_TYPES, TITLE_BAR_POSITIONINGS } from "@forum/api/titleBarDefaults";
import { toApiError } from "@library/src/api/apiError";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { FormGroup } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { UnsavedChangesGuard } from "../shell/UnsavedChangesGuard";
import { fetchTitleBarConfig, patchTitleBarConfig } from "./navigationAdminApi";

const POSITIONING_LABELS: Record<(typeof TITLE_BAR_POSITIONINGS)[number], string> = {
  stickySolid: "Sticky, solid",
  stickyTransparent: "Sticky, transparent",
  staticSolid: "Static, solid",
  staticTransparent: "Static, transparent",
};
const BORDER_LABELS: Record<(typeof TITLE_BAR_BORDER_TYPES)[number], string> = {
  none: "None",
  border: "Border",
  shadow: "Shadow",
  swoop: "Swoop",
};
const ALIGNMENT_LABELS = { left: "Left", center: "Center" } as const;

function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: ReactNode;
  value: T;
  options: Record<T, string>;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <FormGroup label={label} inputID={id}>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value as T)}>
        {(Object.keys(options) as T[]).map((key) => (
          <option key={key} value={key}>
            {t(options[key])}
          </option>
        ))}
      </select>
    </FormGroup>
  );
}

/**
 * The title bar's look (SPEC 2, 3): positioning mode, border, colours (empty: the theme's), heights, and the
 * logo images, link and alignment on wide and narrow screens. Empty logo images use the branding settings.
 */
export function TitleBarSettingsForm() {
  const toast = useToast();
  const [config, setConfig] = useState<TitleBarConfig | null>(null);
  const [saved, setSaved] = useState("");
  const [loadError, setLoadError] = useState<string | null>(null);
  const action = useApiAction();
  const errors = action.error?.errors ?? {};

  useEffect(() => {
    fetchTitleBarConfig()
      .then((loaded) => {
        setConfig(loaded);
        setSaved(JSON.stringify(loaded));
      })
      .catch((error: unknown) => setLoadError(toApiError(error).message));
  }, []);

  if (loadError)
    return (
      <p className="navEditor-error" role="alert">
        {loadError}
      </p>
    );
  if (!config) return <Loader />;

  const set = (change: Partial<TitleBarConfig>) => setConfig({ ...config, ...change });
  const setLogo = (change: Partial<TitleBarConfig["logo"]>) => set({ logo: { ...config.logo, ...change } });
  const save = () =>
    void action.run(async () => {
      const result = await patchTitleBarConfig(config);
      setConfig(result);
      setSaved(JSON.stringify(result));
      toast.addToast({ type: "success", message: t("The title bar was saved.") });
    });

  return (
    <section className="titleBarSettings" aria-labelledby="titleBarSettings-title">
      <UnsavedChangesGuard active={JSON.stringify(config) !== saved} />
      <h2 id="titleBarSettings-title">{t("Title Bar")}</h2>
      <form
        className="titleBarSettings-form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <SelectField
          label={t("Positioning")}
          value={config.positioning}
          options={POSITIONING_LABELS}
          onChange={(positioning) => set({ positioning })}
        />
        <SelectField
          label={t("Border")}
          value={config.borderType}
          options={BORDER_LABELS}
          onChange={(borderType) => set({ borderType })}
        />
        <InputField
          label={t("Background color")}
          value={config.backgroundColor}
          placeholder="#0866c2"
          maxLength={7}
          errors={errors.backgroundColor}
          onChange={(event) => set({ backgroundColor: event.target.value.trim() })}
        />
        <InputField
          label={t("Text color")}
          value={config.foregroundColor}
          placeholder="#ffffff"
          maxLength={7}
          errors={errors.foregroundColor}
          onChange={(event) => set({ foregroundColor: event.target.value.trim() })}
        />
        <InputField
          label={t("Height")}
          type="number"
          min={40}
          max={120}
          value={config.height}
          errors={errors.height}
          onChange={(event) => set({ height: Number(event.target.value) })}
        />
        <InputField
          label={t("Mobile height")}
          type="number"
          min={40}
          max={100}
          value={config.heightMobile}
          errors={errors.heightMobile}
          onChange={(event) => set({ heightMobile: Number(event.target.value) })}
        />
        <InputField
          label={t("Logo image")}
          value={config.logo.imageUrl}
          maxLength={500}
          description={t("Empty: the site's logo.")}
          onChange={(event) => setLogo({ imageUrl: event.target.value })}
        />
        <InputField
          label={t("Mobile logo image")}
          value={config.logo.imageUrlMobile}
          maxLength={500}
          description={t("Empty: the site's mobile logo.")}
          onChange={(event) => setLogo({ imageUrlMobile: event.target.value })}
        />
        <InputField
          label={t("Logo link")}
          value={config.logo.url}
          maxLength={500}
          required
          onChange={(event) => setLogo({ url: event.target.value })}
        />
        <SelectField
          label={t("Logo alignment")}
          value={config.logo.alignment}
          options={ALIGNMENT_LABELS}
          onChange={(alignment) => setLogo({ alignment })}
        />
        <SelectField
          label={t("Mobile logo alignment")}
          value={config.logo.alignmentMobile}
          options={ALIGNMENT_LABELS}
          onChange={(alignmentMobile) => setLogo({ alignmentMobile })}
        />
        <SelectField
          label={t("Navigation alignment")}
          value={config.navigation.alignment}
          options={ALIGNMENT_LABELS}
          onChange={(alignment) => set({ navigation: { alignment } })}
        />
        {action.error && (
          <p className="navEditor-error" role="alert">
            {action.error.message}
          </p>
        )}
        <div className="navEditor-footer">
          <Button type="submit" variant="primary" pending={action.pending}>
            {t("Save")}
          </Button>
        </div>
      </form>
    </section>
  );
}
