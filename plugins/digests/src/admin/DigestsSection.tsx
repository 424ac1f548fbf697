import type { ConfigValues } from "@forum/api/config";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { FormGroup, fieldAriaProps } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import { useToast } from "@library/src/ui/Toast/useToast";
import type { DigestPreview } from "../../api/digestsApi";
import "./digestsSection.css";

interface DigestSettings {
  "digests.frequency": string;
  "digests.weekday": string;
  "digests.hour": number;
  "digests.timeZone": string;
}

const KEYS: (keyof DigestSettings)[] = [
  "digests.frequency",
  "digests.weekday",
  "digests.hour",
  "digests.timeZone",
];

const DEFAULTS: DigestSettings = {
  "digests.frequency": "off",
  "digests.weekday": "monday",
  "digests.hour": 8,
  "digests.timeZone": "UTC",
};

function weekdayOptions(): { value: string; label: string }[] {
  return [
    { value: "monday", label: t("Monday") },
    { value: "tuesday", label: t("Tuesday") },
    { value: "wednesday", label: t("Wednesday") },
    { value: "thursday", label: t("Thursday") },
    { value: "friday", label: t("Friday") },
    { value: "saturday", label: t("Saturday") },
    { value: "sunday", label: t("Sunday") },
  ];
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function fromConfig(values: ConfigValues): DigestSettings {
  const read = <K extends keyof DigestSettings>(key: K): DigestSettings[K] =>
    (typeof values[key] === typeof DEFAULTS[key] ? values[key] : DEFAULTS[key]) as DigestSettings[K];
  return {
    "digests.frequency": read("digests.frequency"),
    "digests.weekday": read("digests.weekday"),
    "digests.hour": read("digests.hour"),
    "digests.timeZone": read("digests.timeZone"),
  };
}

/**
 * Dashboard › Email Digests: the site's default frequency, the weekday and hour they go out in the site's time
 * zone (saved with `PATCH /config`), and 'Send me a preview' (`POST /digests/preview`), which mails the manager
 * the digest of the period ending now.
 */
export function DigestsSection() {
  const id = useId();
  const toast = useToast();
  const [saved, setSaved] = useState<DigestSettings | null>(null);
  const [values, setValues] = useState<DigestSettings>(DEFAULTS);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  const [zoneError, setZoneError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [previewing, setPreviewing] = useState(false);

  const load = useCallback(() => {
    setLoadError(null);
    apiv2
      .get<ConfigValues>("config", { params: { select: KEYS.join(",") } })
      .then((response) => {
        const current = fromConfig(response.data);
        setSaved(current);
        setValues(current);
      })
      .catch((error: unknown) => setLoadError(toApiError(error)));
  }, []);
  useEffect(load, [load]);

  if (loadError)
    return (
      <div className="digestsSection-error" role="alert">
        <p>{loadError.message}</p>
        <Button onClick={load}>{t("Try Again")}</Button>
      </div>
    );
  if (!saved) return <Loader />;

  const changed = Object.fromEntries(
    KEYS.filter((key) => saved[key] !== values[key]).map((key) => [key, values[key]]),
  );
  const dirty = Object.keys(changed).length > 0;
  const set = <K extends keyof DigestSettings>(key: K, value: DigestSettings[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    if (!isTimeZone(values["digests.timeZone"])) {
      setZoneError(t("This is not a time zone. Use a name such as Europe/Paris or UTC."));
      return;
    }
    setZoneError(null);
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

  const preview = async () => {
    setPreviewing(true);
    try {
      const response = await apiv2.post<DigestPreview>("digests/preview");
      toast.addToast({
        type: "success",
        message: formatText(t("A preview of the digest was sent to {email}."), { email: response.data.to }),
      });
    } catch (error) {
      toast.addErrorToast(toApiError(error).message);
    } finally {
      setPreviewing(false);
    }
  };

  const fieldErrors = (key: keyof DigestSettings) => saveError?.errors[key];
  const generalError = saveError && Object.keys(saveError.errors).length === 0 ? saveError.message : null;
  return (
    <div className="digestsSection">
      <p className="digestsSection-intro">
        {t(
          "Digests bring members back: popular discussions and new activity in what they follow, by email. Nothing is sent to a member when there is nothing new. Members may choose their own frequency on their preferences page.",
        )}
      </p>
      <form
        className="digestsSection-form"
        onSubmit={(event) => void submit(event)}
        aria-label={t("Email Digests")}
      >
        <FormGroup
          label={t("Digest emails")}
          inputID={`${id}-frequency`}
          errors={fieldErrors("digests.frequency")}
        >
          <select
            id={`${id}-frequency`}
            className="input"
            value={values["digests.frequency"]}
            onChange={(event) => set("digests.frequency", event.currentTarget.value)}
            {...fieldAriaProps(`${id}-frequency`, fieldErrors("digests.frequency"))}
          >
            <option value="off">{t("Off")}</option>
            <option value="daily">{t("Daily")}</option>
            <option value="weekly">{t("Weekly")}</option>
          </select>
        </FormGroup>
        <FormGroup
          label={t("Day of the weekly digest")}
          inputID={`${id}-weekday`}
          errors={fieldErrors("digests.weekday")}
        >
          <select
            id={`${id}-weekday`}
            className="input"
            value={values["digests.weekday"]}
            onChange={(event) => set("digests.weekday", event.currentTarget.value)}
            {...fieldAriaProps(`${id}-weekday`, fieldErrors("digests.weekday"))}
          >
            {weekdayOptions().map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </FormGroup>
        <FormGroup
          label={t("Hour digests are sent")}
          inputID={`${id}-hour`}
          errors={fieldErrors("digests.hour")}
        >
          <select
            id={`${id}-hour`}
            className="input"
            value={String(values["digests.hour"])}
            onChange={(event) => set("digests.hour", Number(event.currentTarget.value))}
            {...fieldAriaProps(`${id}-hour`, fieldErrors("digests.hour"))}
          >
            {Array.from({ length: 24 }, (_, hour) => (
              <option key={hour} value={String(hour)}>
                {`${String(hour).padStart(2, "0")}:00`}
              </option>
            ))}
          </select>
        </FormGroup>
        <InputField
          label={t("Site time zone")}
          description={t("For example Europe/Paris or America/New_York.")}
          value={values["digests.timeZone"]}
          errors={zoneError ? [zoneError] : fieldErrors("digests.timeZone")}
          onChange={(event) => set("digests.timeZone", event.currentTarget.value)}
        />
        {generalError && (
          <p className="digestsSection-error" role="alert">
            {generalError}
          </p>
        )}
        <div className="digestsSection-footer">
          <Button type="submit" variant="primary" pending={saving} disabled={!dirty}>
            {t("Save")}
          </Button>
          <Button onClick={() => void preview()} pending={previewing}>
            {t("Send me a preview")}
          </Button>
          {dirty && <span className="digestsSection-dirty">{t("You have unsaved changes")}</span>}
        </div>
      </form>
    </div>
  );
}
