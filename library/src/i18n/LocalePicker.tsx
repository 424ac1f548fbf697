import { useId, useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { t } from "@library/src/i18n/translate";
import "./LocalePicker.css";

export interface LocaleChoice {
  localeKey: string;
  /** The language's name in itself ("Français", "日本語"). */
  name: string;
}

export interface LocalePickerProps {
  locales: LocaleChoice[];
  current: string;
}

/** Where a chosen language takes effect: the page is loaded again in it. */
export interface LocalePickerDeps {
  reload: () => void;
}

const defaultDeps: LocalePickerDeps = { reload: () => window.location.reload() };

/**
 * The reader's language: a member's choice is kept on their account, a guest's in this browser (the server sets
 * the cookie). The page reloads in the chosen language.
 */
export function LocalePicker({
  locales,
  current,
  deps = defaultDeps,
}: LocalePickerProps & { deps?: LocalePickerDeps }) {
  const id = useId();
  const [status, setStatus] = useState<"idle" | "saving" | "error">("idle");
  const [value, setValue] = useState(current);

  async function choose(locale: string) {
    setValue(locale);
    setStatus("saving");
    try {
      await apiv2.put("locales/current", { locale });
      deps.reload();
    } catch {
      setValue(current);
      setStatus("error");
    }
  }

  return (
    <div className="localePicker">
      <label className="localePicker-label" htmlFor={id}>
        {t("Language")}
      </label>
      <select
        id={id}
        className="localePicker-select"
        value={value}
        disabled={status === "saving"}
        onChange={(event) => void choose(event.target.value)}
      >
        {locales.map((locale) => (
          <option key={locale.localeKey} value={locale.localeKey} lang={locale.localeKey}>
            {locale.name}
          </option>
        ))}
      </select>
      {status === "error" ? (
        <p className="localePicker-error" role="alert">
          {t("Something went wrong.")}
        </p>
      ) : null}
    </div>
  );
}
