import { useId, useState, type FormEvent } from "react";
import type { TranslationServiceWithConfig } from "@forum/api/translationServices";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { FormGroup, fieldAriaProps } from "@library/src/ui/forms/FormGroup";
import { putTranslationService } from "./translationsApi";

/** A field of a service's config schema, as the form shows it. */
interface ConfigField {
  name: string;
  title: string;
  description?: string;
  multiline: boolean;
  secret: boolean;
  required: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The text fields of a service's `configSchema` (`isDefault` is the checkbox under them). */
export function configFields(schema: Record<string, unknown>): ConfigField[] {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(properties).flatMap(([name, property]) => {
    if (name === "isDefault" || !isRecord(property) || property.type !== "string") return [];
    return [
      {
        name,
        title: typeof property.title === "string" ? property.title : name,
        ...(typeof property.description === "string" ? { description: property.description } : {}),
        multiline: property["x-multiline"] === true,
        secret: property.writeOnly === true,
        required: required.includes(name),
      },
    ];
  });
}

/** One machine translation service's settings: its fields, whether it is the default, Save. */
export function TranslationServiceForm({
  service,
  onSaved,
}: {
  service: TranslationServiceWithConfig;
  onSaved: (service: TranslationServiceWithConfig) => void;
}) {
  const id = useId();
  const fields = configFields(service.configSchema);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      fields.map((field) => {
        const stored = service.config[field.name];
        return [field.name, typeof stored === "string" ? stored : ""];
      }),
    ),
  );
  const [isDefault, setIsDefault] = useState(service.isDefault);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const body: Record<string, unknown> = { isDefault };
      for (const field of fields) {
        const value = values[field.name] ?? "";
        // A secret left empty keeps the stored one; an optional field left empty is not sent.
        if (value !== "" || (field.required && !field.secret)) body[field.name] = value;
      }
      const saved = await putTranslationService(service.type, body);
      setError(null);
      setValues((current) =>
        Object.fromEntries(
          Object.entries(current).map(([name, value]) => [
            name,
            fields.find((field) => field.name === name)?.secret ? "" : value,
          ]),
        ),
      );
      onSaved(saved);
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="translationService-form"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-name`}
    >
      <h3 id={`${id}-name`} className="translationService-name">
        {service.name}{" "}
        <span
          className={
            service.isConfigured ? "translationService-status isConfigured" : "translationService-status"
          }
        >
          {service.isConfigured ? t("Configured") : t("Not configured")}
        </span>
      </h3>
      {fields.map((field) => {
        const inputID = `${id}-${field.name}`;
        const errors = error?.errors[field.name];
        const description =
          field.secret && service.isConfigured
            ? t("Leave empty to keep the stored key.")
            : field.description && t(field.description);
        const descriptionID = description ? `${inputID}-description` : undefined;
        const common = {
          id: inputID,
          className: "input",
          value: values[field.name] ?? "",
          onChange: (event: { target: { value: string } }) =>
            setValues((current) => ({ ...current, [field.name]: event.target.value })),
          ...fieldAriaProps(inputID, errors, descriptionID),
        };
        return (
          <FormGroup
            key={field.name}
            label={t(field.title)}
            inputID={inputID}
            required={field.required}
            errors={errors}
            description={
              field.secret && service.isConfigured
                ? t("Leave empty to keep the stored key.")
                : field.description && t(field.description)
            }
          >
            {field.multiline ? (
              <textarea rows={5} {...common} />
            ) : (
              <input type={field.secret ? "password" : "text"} autoComplete="off" {...common} />
            )}
          </FormGroup>
        );
      })}
      <Checkbox
        label={t("Use this service to fill translations")}
        checked={isDefault}
        onChange={(event) => setIsDefault(event.target.checked)}
      />
      {error && Object.keys(error.errors).length === 0 && (
        <p className="translationService-error" role="alert">
          {error.message}
        </p>
      )}
      <div className="translationService-actions">
        <Button type="submit" variant="primary" pending={saving}>
          {t("Save")}
        </Button>
      </div>
    </form>
  );
}
