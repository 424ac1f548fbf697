import type { AddonSetting } from "@forum/api/addons";
import { useId } from "react";
import { t } from "@library/src/i18n/translate";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { FormGroup, fieldAriaProps, type FieldErrors } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import { ImageSettingField } from "./ImageSettingField";

export type SettingValue = string | number | boolean | null;

/** Bounds a site setting's schema gives (add-on settings have none). */
interface SettingBounds {
  required?: boolean;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** Write-only (a password): a password input that starts empty. */
  secret?: boolean;
  /** An image address that can also be uploaded. */
  upload?: boolean;
}

interface SettingFieldProps {
  setting: AddonSetting & SettingBounds;
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
        <div className="settingField-checkbox">
          <Checkbox
            label={label}
            checked={value === true}
            errors={errors}
            onChange={(event) => onChange(event.target.checked)}
          />
          {description && <p className="formGroup-description">{description}</p>}
        </div>
      );
    case "integer":
      return (
        <InputField
          label={label}
          description={description}
          errors={errors}
          type="number"
          step={1}
          required={setting.required}
          min={setting.minimum}
          max={setting.maximum}
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
        <FormGroup
          label={label}
          inputID={inputID}
          errors={errors}
          description={description}
          required={setting.required}
        >
          <textarea
            id={inputID}
            className="input"
            rows={4}
            maxLength={setting.maxLength}
            value={typeof value === "string" ? value : ""}
            onChange={(event) => onChange(event.target.value)}
            {...fieldAriaProps(inputID, errors)}
          />
        </FormGroup>
      );
    default:
      if (setting.upload)
        return (
          <ImageSettingField
            label={label}
            description={description}
            errors={errors}
            value={typeof value === "string" ? value : ""}
            maxLength={setting.maxLength}
            onChange={onChange}
          />
        );
      return (
        <InputField
          label={label}
          description={description}
          errors={errors}
          type={setting.secret ? "password" : "text"}
          autoComplete={setting.secret ? "new-password" : undefined}
          required={setting.required}
          maxLength={setting.maxLength}
          value={value === null ? "" : String(value)}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
