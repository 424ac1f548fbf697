import { useState } from "react";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { InputField } from "@library/src/ui/forms/InputField";
import { EditorPopover } from "@library/src/editor/toolbar/EditorPopover";
import { normalizeImageUrl } from "@library/src/editor/urls";

export const INVALID_IMAGE_MESSAGE = "Enter a valid image address starting with http or https.";

export interface ImageFormProps {
  onSubmit: (url: string, alt: string) => void;
  onCancel: () => void;
  /** Opens the device's file picker for images (absent: no uploads in this editor, the address form alone). */
  onChooseFile?: () => void;
}

/**
 * The Image button's popover: upload from the device first (where the editor takes uploads), an image's address
 * as the second choice.
 */
export function ImageForm({ onSubmit, onCancel, onChooseFile }: ImageFormProps) {
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
      {onChooseFile && (
        <div className="richEditor-imageUpload">
          <Button variant="primary" compact onClick={onChooseFile}>
            {t("Upload from your device")}
          </Button>
          <p className="richEditor-imageUpload-or">{t("Or insert an image from the web:")}</p>
        </div>
      )}
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
