import type { AddonSetting } from "@forum/api/addons";
import { useId } from "react";
import { t } from "@library/src/i18n/translate";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { FormGroup, fieldAriaProps, type FieldErrors } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";

export type SettingValue = string | number | boolean | null;

interface SettingFieldProps {
  setting: AddonSetting;
  value: SettingValue;
  errors?: FieldErrors;
  onChange: (value: SettingValue) => void;
}

/** One declared setting as a form field: its type picks the control, its label and help come from the declaration. */
export function SettingField({ setting, value, errors, onChange }: SettingFieldProps) {
  const inputID = useId();
  const label = t(setting.label);
  const description = setting.description ? t(setting.description) : undefined;
  switch (setting.type) {
    case "boolean":
      return (
        <Checkbox
          label={label}
          checked={value === true}
          errors={errors}
          onChange={(event) => onChange(event.target.checked)}
        />
      );
    case "integer":
      return (
        <InputField
          label={label}
          description={description}
          errors={errors}
          type="number"
          step={1}
          value={value === null ? "" : String(value)}
          onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
        />
      );
    case "enum":
      return (
        <FormGroup label={label} inputID={inputID} errors={errors} description={description}>
          <select
            id={inputID}
            className="input"
            value={typeof value === "string" ? value : ""}
            onChange={(event) => onChange(event.target.value)}
            {...fieldAriaProps(inputID, errors)}
          >
            {(setting.options ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </FormGroup>
      );
    case "text":
      return (
        <FormGroup label={label} inputID={inputID} errors={errors} description={description}>
          <textarea
            id={inputID}
            className="input"
            rows={4}
            value={typeof value === "string" ? value : ""}
            onChange={(event) => onChange(event.target.value)}
            {...fieldAriaProps(inputID, errors)}
          />
        </FormGroup>
      );
    default:
      return (
        <InputField
          label={label}
          description={description}
          errors={errors}
          value={value === null ? "" : String(value)}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
