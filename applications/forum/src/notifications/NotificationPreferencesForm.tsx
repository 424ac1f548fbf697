import type { NotificationPreference, NotificationPreferences } from "@forum/api/notifications";
import { notificationKindLabel } from "@forum/api/notificationKinds";
import { useCallback, useEffect, useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import "./notificationPreferences.css";

type Channel = keyof NotificationPreference;

type State =
  | { status: "loading" }
  | { status: "error"; error: ApiError }
  | { status: "ready"; preferences: NotificationPreferences };

/**
 * The member's notification preferences: for each kind, in the notification menu and by email. Each change is
 * saved at once (`PATCH /notifications/preferences`) and said so; a refused save puts the box back and says why.
 */
export function NotificationPreferencesForm() {
  const [state, setState] = useState<State>({ status: "loading" });
  const [saved, setSaved] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  const load = useCallback(() => {
    setState({ status: "loading" });
    apiv2
      .get<NotificationPreferences>("notifications/preferences")
      .then((response) => setState({ status: "ready", preferences: response.data }))
      .catch((error: unknown) => setState({ status: "error", error: toApiError(error) }));
  }, []);
  useEffect(load, [load]);

  if (state.status === "loading") return <Loader />;
  if (state.status === "error")
    return (
      <div className="notificationPreferences-error" role="alert">
        <p>{state.error.message}</p>
        <Button onClick={load}>{t("Try Again")}</Button>
      </div>
    );
  const { preferences } = state;

  const change = async (type: string, channel: Channel, value: boolean) => {
    const before = preferences;
    const current = before[type];
    if (!current) return;
    setSaved(null);
    setSaveError(null);
    setState({ status: "ready", preferences: { ...before, [type]: { ...current, [channel]: value } } });
    try {
      const response = await apiv2.patch<NotificationPreferences>("notifications/preferences", {
        [type]: { [channel]: value },
      });
      setState({ status: "ready", preferences: response.data });
      setSaved(t("Your preferences have been saved."));
    } catch (error) {
      setState({ status: "ready", preferences: before });
      setSaveError(toApiError(error));
    }
  };

  return (
    <div className="notificationPreferences">
      <ul className="notificationPreferences-list">
        {Object.entries(preferences).map(([type, preference]) => {
          const kind = t(notificationKindLabel(type));
          return (
            <li key={type} className="notificationPreferences-item">
              <fieldset className="notificationPreferences-kind">
                <legend className="notificationPreferences-kindName">{kind}</legend>
                <Checkbox
                  label={t("In my notification menu")}
                  checked={preference.popup}
                  onChange={(event) => void change(type, "popup", event.currentTarget.checked)}
                />
                <Checkbox
                  label={t("By email")}
                  checked={preference.email}
                  onChange={(event) => void change(type, "email", event.currentTarget.checked)}
                />
              </fieldset>
            </li>
          );
        })}
      </ul>
      <p className="notificationPreferences-status" role="status">
        {saved}
      </p>
      {saveError && (
        <p className="notificationPreferences-error" role="alert">
          {saveError.message}
        </p>
      )}
    </div>
  );
}
