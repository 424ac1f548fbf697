import { useId } from "react";
import { t } from "@library/src/i18n/translate";
import { hexColor, type ThemeField } from "./themeEditorFields";

const FONTS = [
  '"Open Sans", system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  'Georgia, "Times New Roman", serif',
  '"Courier New", monospace',
];

/** One variable of the theme editor: a colour picker beside its text, a font list, or a size. */
export function ThemeVariableField({
  field,
  value,
  onChange,
}: {
  field: ThemeField;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const label = t(field.label);
  return (
    <div className="themeField">
      <label className="themeField-label" htmlFor={id}>
        {label}
      </label>
      <div className="themeField-inputs">
        {field.kind === "color" && (
          <input
            type="color"
            className="themeField-color"
            aria-label={`${label} (${t("picker")})`}
            value={hexColor(value, field.fallback)}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
        <input
          id={id}
          className="input themeField-text"
          value={value}
          placeholder={field.fallback}
          list={field.kind === "font" ? `${id}-fonts` : undefined}
          maxLength={300}
          onChange={(event) => onChange(event.target.value)}
        />
        {field.kind === "font" && (
          <datalist id={`${id}-fonts`}>
            {FONTS.map((font) => (
              <option key={font} value={font} />
            ))}
          </datalist>
        )}
      </div>
    </div>
  );
}
