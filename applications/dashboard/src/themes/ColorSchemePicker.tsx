import type { ColorScheme } from "@forum/api/themes";
import { useId, useState } from "react";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { saveColorScheme } from "./themesApi";
import "./colorSchemePicker.css";

const LABELS: Record<ColorScheme, string> = { light: "Light", dark: "Dark", system: "System" };
const COLOR_SCHEMES = Object.keys(LABELS) as ColorScheme[];

/** Shows a scheme at once: the page already holds the dark preset's rules, keyed by this body class. */
function showScheme(scheme: ColorScheme): void {
  for (const other of COLOR_SCHEMES) document.body.classList.remove(`colorScheme-${other}`);
  document.body.classList.add(`colorScheme-${scheme}`);
}

/**
 * Light, dark or the device's choice (system): kept for a member on the server, for a guest in a cookie, and
 * shown at once.
 */
export function ColorSchemePicker({ colorScheme }: { colorScheme: ColorScheme }) {
  const id = useId();
  const [value, setValue] = useState<ColorScheme>(colorScheme);
  const action = useApiAction();
  const choose = (next: ColorScheme) => {
    const previous = value;
    setValue(next);
    showScheme(next);
    void action
      .run(() => saveColorScheme(next))
      .then((done) => {
        if (done) return;
        setValue(previous);
        showScheme(previous);
      });
  };
  return (
    <div className="colorSchemePicker">
      <label htmlFor={id}>{t("Color scheme")}</label>
      <select
        id={id}
        className="colorSchemePicker-select"
        value={value}
        disabled={action.pending}
        onChange={(event) => choose(event.target.value as ColorScheme)}
      >
        {COLOR_SCHEMES.map((scheme) => (
          <option key={scheme} value={scheme}>
            {t(LABELS[scheme])}
          </option>
        ))}
      </select>
      {action.error && <span role="alert">{action.error.message}</span>}
    </div>
  );
}
