import { useCallback, useEffect, useId, useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import type { DigestChoiceValue, DigestPreferences } from "../../api/digestsApi";
import "./digestPreferences.css";

type State =
  | { status: "loading" }
  | { status: "error"; error: ApiError }
  | { status: "ready"; preferences: DigestPreferences };

function siteDefaultLabel(siteFrequency: DigestPreferences["siteFrequency"]): string {
  if (siteFrequency === "daily") return t("Use the site's default (daily)");
  if (siteFrequency === "weekly") return t("Use the site's default (weekly)");
  return t("Use the site's default (none)");
}

/**
 * The member's digest frequency on their preferences page: the site's default, daily, weekly or never. A change is
 * saved at once (`PATCH /digests/preferences`) and said so; a refused save puts the choice back and says why.
 */
export function DigestPreferenceControl() {
  const selectID = useId();
  const [state, setState] = useState<State>({ status: "loading" });
  const [saved, setSaved] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  const load = useCallback(() => {
    setState({ status: "loading" });
    apiv2
      .get<DigestPreferences>("digests/preferences")
      .then((response) => setState({ status: "ready", preferences: response.data }))
      .catch((error: unknown) => setState({ status: "error", error: toApiError(error) }));
  }, []);
  useEffect(load, [load]);

  if (state.status === "loading") return <Loader />;
  if (state.status === "error")
    return (
      <div className="digestPreference-error" role="alert">
        <p>{state.error.message}</p>
        <Button onClick={load}>{t("Try Again")}</Button>
      </div>
    );
  const { preferences } = state;

  const change = async (frequency: DigestChoiceValue) => {
    const before = preferences;
    setSaved(null);
    setSaveError(null);
    setState({ status: "ready", preferences: { ...before, frequency } });
    try {
      const response = await apiv2.patch<DigestPreferences>("digests/preferences", { frequency });
      setState({ status: "ready", preferences: response.data });
      setSaved(t("Your preferences have been saved."));
    } catch (error) {
      setState({ status: "ready", preferences: before });
      setSaveError(toApiError(error));
    }
  };

  return (
    <section className="digestPreference" aria-labelledby={`${selectID}-title`}>
      <h2 className="digestPreference-title" id={`${selectID}-title`}>
        {t("Email digest")}
      </h2>
      <p className="digestPreference-help">
        {t(
          "A summary of popular discussions and of new activity in what you follow, sent only when there is something new.",
        )}
      </p>
      <label className="digestPreference-label" htmlFor={selectID}>
        {t("Send me a digest")}
      </label>
      <select
        id={selectID}
        className="input digestPreference-select"
        value={preferences.frequency}
        onChange={(event) => void change(event.currentTarget.value as DigestChoiceValue)}
      >
        <option value="default">{siteDefaultLabel(preferences.siteFrequency)}</option>
        <option value="daily">{t("Daily")}</option>
        <option value="weekly">{t("Weekly")}</option>
        <option value="never">{t("Never")}</option>
      </select>
      <p className="digestPreference-status" role="status">
        {saved}
      </p>
      {saveError && (
        <p className="digestPreference-error" role="alert">
          {saveError.message}
        </p>
      )}
    </section>
  );
}
