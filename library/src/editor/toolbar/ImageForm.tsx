import { useState } from "react";
import { t } from "@library/src/i18n/translate";
import { InputField } from "@library/src/ui/forms/InputField";
import { EditorPopover } from "@library/src/editor/toolbar/EditorPopover";
import { normalizeImageUrl } from "@library/src/editor/urls";

export const INVALID_IMAGE_MESSAGE = "Enter a valid image address starting with http or https.";

export interface ImageFormProps {
  onSubmit: (url: string, alt: string) => void;
  onCancel: () => void;
}

export function ImageForm({ onSubmit, onCancel }: ImageFormProps) {
  const [url, setUrl] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const normalized = normalizeImageUrl(url);
    if (normalized === null) {
      setError(t(INVALID_IMAGE_MESSAGE));
      return;
    }
    onSubmit(normalized, alt);
  };
  return (
    <EditorPopover label={t("Insert image")} submitLabel={t("Insert")} onSubmit={submit} onCancel={onCancel}>
      <InputField
        label={t("Image URL")}
        value={url}
        placeholder="https://"
        onChange={(event) => {
          setUrl(event.target.value);
          setError(null);
        }}
        errors={error ? [error] : undefined}
      />
      <InputField label={t("Alt text")} value={alt} onChange={(event) => setAlt(event.target.value)} />
    </EditorPopover>
  );
}
