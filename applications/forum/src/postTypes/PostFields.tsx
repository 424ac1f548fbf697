import { useId, type ComponentType } from "react";
import type { PostField, PostType } from "@forum/api/postTypes";
import { t } from "@library/src/i18n/translate";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { FormGroup, fieldAriaProps, type FieldErrors } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";

export type PostMeta = Record<string, unknown>;

export interface PostFieldsProps {
  postType: PostType;
  value: PostMeta;
  onChange: (value: PostMeta) => void;
  /** API errors by field (`postMeta.{fieldID}`). */
  errorsOf: (field: string) => FieldErrors;
}

function FieldInput({
  field,
  value,
  onChange,
  errors,
}: {
  field: PostField;
  value: unknown;
  onChange: (value: unknown) => void;
  errors: FieldErrors;
}) {
  const id = useId();
  const label = t(field.label);
  const description = field.description ? t(field.description) : undefined;
  switch (field.type) {
    case "boolean":
      return (
        <Checkbox
          label={label}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          errors={errors}
        />
      );
    case "choice":
      return (
        <FormGroup
          label={label}
          inputID={id}
          required={field.required}
          errors={errors}
          description={description}
        >
          <select
            id={id}
            className="input"
            value={typeof value === "string" ? value : ""}
            required={field.required}
            onChange={(event) => onChange(event.target.value || undefined)}
            {...fieldAriaProps(id, errors)}
          >
            <option value="">{t("Choose one")}</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {t(option)}
              </option>
            ))}
          </select>
        </FormGroup>
      );
    case "textarea":
      return (
        <FormGroup
          label={label}
          inputID={id}
          required={field.required}
          errors={errors}
          description={description}
        >
          <textarea
            id={id}
            className="input"
            rows={4}
            value={typeof value === "string" ? value : ""}
            required={field.required}
            {...(field.maxLength ? { maxLength: field.maxLength } : {})}
            onChange={(event) => onChange(event.target.value)}
            {...fieldAriaProps(id, errors)}
          />
        </FormGroup>
      );
    default:
      return (
        <InputField
          id={id}
          label={label}
          description={description}
          type={field.type === "number" ? "number" : "text"}
          required={field.required}
          {...(field.maxLength ? { maxLength: field.maxLength } : {})}
          value={typeof value === "string" || typeof value === "number" ? String(value) : ""}
          onChange={(event) => {
            const text = event.target.value;
            onChange(field.type === "number" ? (text === "" ? undefined : Number(text)) : text);
          }}
          errors={errors}
        />
      );
  }
}

/** The post type's own fields, kept in `postMeta`: the default editor of every registered type. */
export function PostFields({ postType, value, onChange, errorsOf }: PostFieldsProps) {
  if (postType.fields.length === 0) return null;
  return (
    <div className="postFields">
      {postType.fields.map((field) => (
        <FieldInput
          key={field.fieldID}
          field={field}
          value={value[field.fieldID]}
          errors={errorsOf(`postMeta.${field.fieldID}`)}
          onChange={(next) => {
            const updated = { ...value };
            if (next === undefined) delete updated[field.fieldID];
            else updated[field.fieldID] = next;
            onChange(updated);
          }}
        />
      ))}
    </div>
  );
}

const editors = new Map<string, ComponentType<PostFieldsProps>>();

/**
 * An add-on's client entry may give its post type an editor of its own (a poll's option list); types without
 * one get `PostFields`, built from the fields the server declares.
 */
export function registerPostTypeEditor(postTypeID: string, editor: ComponentType<PostFieldsProps>): void {
  editors.set(postTypeID, editor);
}

export function postTypeEditor(postTypeID: string): ComponentType<PostFieldsProps> {
  return editors.get(postTypeID) ?? PostFields;
}
