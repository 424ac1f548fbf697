import { useEffect, useId, useState, type FormEvent } from "react";
import type { Attachment, AttachmentForm, AttachmentFormField } from "../../api/attachmentsApi";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { Modal } from "@library/src/ui/Modal/Modal";
import { FormGroup, fieldAriaProps } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";
import { getAttachmentForm, postAttachment, type AttachmentTarget } from "./attachmentsApi";

export interface AttachmentFormModalProps {
  target: AttachmentTarget;
  /** The integration's title and submit button, as the page was given them (English: shown through t()). */
  title: string;
  submitButton: string;
  onCreated: (attachment: Attachment) => void;
  onClose: () => void;
}

/** The integration's form for a post (its JSON Schema: text, long text and choices), sent as a new attachment. */
export function AttachmentFormModal({
  target,
  title,
  submitButton,
  onCreated,
  onClose,
}: AttachmentFormModalProps) {
  const [form, setForm] = useState<AttachmentForm | null>(null);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const { pending, error, run } = useApiAction();
  const { attachmentType, recordType, recordID } = target;

  useEffect(() => {
    let live = true;
    getAttachmentForm({ attachmentType, recordType, recordID }).then(
      (loaded) => {
        if (!live) return;
        setForm(loaded);
        setValues(
          Object.fromEntries(
            Object.entries(loaded.properties).map(([name, field]) => [name, field.default ?? ""]),
          ),
        );
      },
      (caught: unknown) => live && setLoadError(toApiError(caught)),
    );
    return () => {
      live = false;
    };
  }, [attachmentType, recordType, recordID]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || !form) return;
    void run(async () => {
      onCreated(await postAttachment({ attachmentType, recordType, recordID }, values));
    });
  };
  const shownError = loadError ?? (error && Object.keys(error.errors).length === 0 ? error : null);

  return (
    <Modal isVisible onClose={onClose} title={t(title)} size="medium" className="attachmentForm">
      <form onSubmit={submit} noValidate>
        {!form && !loadError && <Loader />}
        {form &&
          Object.entries(form.properties).map(([name, field]) => (
            <FormField
              key={name}
              field={field}
              required={form.required.includes(name)}
              value={values[name] ?? ""}
              errors={error?.errors[name]}
              onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
            />
          ))}
        {shownError && (
          <p className="attachmentForm-error" role="alert">
            {shownError.description ?? shownError.message}
          </p>
        )}
        <div className="attachmentForm-actions">
          <Button onClick={onClose} disabled={pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" variant="primary" pending={pending} disabled={!form}>
            {t(submitButton)}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function FormField({
  field,
  required,
  value,
  errors,
  onChange,
}: {
  field: AttachmentFormField;
  required: boolean;
  value: string;
  errors: ApiError["errors"][string] | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  if (field.enum)
    return (
      <FormGroup label={field.title} inputID={id} required={required} errors={errors}>
        <select
          id={id}
          className="input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...fieldAriaProps(id, errors)}
        >
          {field.enum.map((option) => (
            <option key={option} value={option}>
              {field["x-labels"]?.[option] ?? option}
            </option>
          ))}
        </select>
      </FormGroup>
    );
  if (field["x-control"] === "textarea")
    return (
      <FormGroup label={field.title} inputID={id} required={required} errors={errors}>
        <textarea
          id={id}
          className="input attachmentForm-textarea"
          rows={5}
          maxLength={field.maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...fieldAriaProps(id, errors)}
        />
      </FormGroup>
    );
  return (
    <InputField
      label={field.title}
      required={required}
      maxLength={field.maxLength}
      value={value}
      errors={errors}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
