import { useRef, useState } from "react";
import { toApiError } from "@library/src/api/apiError";
import { isImage, uploadMedia, uploadProblem } from "@library/src/editor/uploads/uploadMedia";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import type { FieldErrors } from "@library/src/ui/forms/FormGroup";
import { InputField } from "@library/src/ui/forms/InputField";

interface ImageSettingFieldProps {
  label: string;
  description?: string;
  errors?: FieldErrors;
  value: string;
  maxLength?: number;
  onChange: (value: string) => void;
}

/** An image address setting (logo, favicon…): type an address, or upload an image (`POST /media`) to fill it. */
export function ImageSettingField({
  label,
  description,
  errors,
  value,
  maxLength,
  onChange,
}: ImageSettingFieldProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (file: File) => {
    const refused = uploadProblem(file);
    if (refused) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const item = await uploadMedia(file, setProgress);
      if (!isImage(item)) setProblem(t("Choose an image file."));
      else onChange(item.url);
    } catch (error) {
      setProblem(toApiError(error).message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="imageSetting">
      <InputField
        label={label}
        description={description}
        errors={problem ? [...(errors ?? []), problem] : errors}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="imageSetting-actions">
        {value && (
          <img
            className="imageSetting-preview"
            src={value}
            alt={formatText(t("Current {name}"), { name: label })}
          />
        )}
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label={formatText(t("Upload {name}"), { name: label })}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
        <Button compact pending={progress !== null} onClick={() => fileInput.current?.click()}>
          {formatText(t("Upload {name}"), { name: label.toLowerCase() })}
        </Button>
        {progress !== null && <progress max={1} value={progress} aria-label={t("Uploading")} />}
      </div>
    </div>
  );
}
