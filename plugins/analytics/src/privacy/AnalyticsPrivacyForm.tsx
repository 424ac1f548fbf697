import { useEffect, useId, useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import type { AnalyticsPrivacy, AnonymizeData } from "../../api/analyticsApi";
import "./analyticsPrivacy.css";

const CHOICES: { value: AnonymizeData; label: string }[] = [
  { value: "-1", label: "Use the site's default" },
  { value: "1", label: "Anonymize my visits" },
  { value: "0", label: "Count my visits under my name" },
];

/**
 * A member's analytics privacy choice on their preferences page (`GET/POST /analytics/privacy`): anonymized
 * visits are counted without their id or address. Saved as soon as it changes.
 */
export function AnalyticsPrivacyForm() {
  const [value, setValue] = useState<AnonymizeData | null>(null);
  const [status, setStatus] = useState<{ kind: "saved" | "error"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const name = useId();
  const titleID = useId();

  useEffect(() => {
    apiv2
      .get<AnalyticsPrivacy>("analytics/privacy")
      .then((response) => setValue(response.data.AnonymizeData))
      .catch((error: unknown) => setStatus({ kind: "error", text: toApiError(error).message }));
  }, []);

  const choose = (next: AnonymizeData) => {
    const previous = value;
    setValue(next);
    setSaving(true);
    setStatus(null);
    apiv2
      .post<AnalyticsPrivacy>("analytics/privacy", { AnonymizeData: next })
      .then(() => setStatus({ kind: "saved", text: t("Your privacy choice was saved.") }))
      .catch((error: unknown) => {
        setValue(previous);
        setStatus({ kind: "error", text: toApiError(error).message });
      })
      .finally(() => setSaving(false));
  };

  return (
    <section className="analyticsPrivacy" aria-labelledby={titleID}>
      <h2 className="analyticsPrivacy-title" id={titleID}>
        {t("Privacy")}
      </h2>
      <fieldset className="analyticsPrivacy-choices" aria-busy={saving || value === null}>
        <legend className="analyticsPrivacy-help">
          {t(
            "This site counts visits itself, with no third-party tracker. Anonymized visits keep no name and no address.",
          )}
        </legend>
        {CHOICES.map((choice) => (
          <label key={choice.value} className="analyticsPrivacy-choice">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              disabled={value === null || saving}
              onChange={() => choose(choice.value)}
            />
            {t(choice.label)}
          </label>
        ))}
      </fieldset>
      <p
        className={`analyticsPrivacy-status${status?.kind === "error" ? " isError" : ""}`}
        role={status?.kind === "error" ? "alert" : "status"}
      >
        {status?.text ?? ""}
      </p>
    </section>
  );
}
