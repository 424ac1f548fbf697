import { useId, useRef, useState } from "react";
import { toApiError } from "@library/src/api/apiError";
import { isImage, uploadMedia, uploadProblem } from "@library/src/editor/uploads/uploadMedia";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";

export interface PhotoUploadProps {
  /** The uploaded photo's full address. */
  onUploaded: (url: string) => void;
}

/** 'Upload Photo': picks an image, sends it to `POST /media` with its progress, and hands back its address. */
export function PhotoUpload({ onUploaded }: PhotoUploadProps) {
  const picker = useRef<HTMLInputElement>(null);
  const statusID = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    const problem = uploadProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setProgress(0);
    try {
      const item = await uploadMedia(file, setProgress);
      if (!isImage(item)) {
        setError(t("The photo must be an image."));
        return;
      }
      onUploaded(new URL(item.url, window.location.href).href);
    } catch (thrown) {
      const apiError = toApiError(thrown);
      setError(apiError.errors.file?.[0]?.message ?? apiError.message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="photoUpload">
      <input
        ref={picker}
        type="file"
        accept="image/*"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        data-testid="photoUpload-picker"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void upload(file);
        }}
      />
      <Button onClick={() => picker.current?.click()} pending={progress !== null} aria-describedby={statusID}>
        {t("Upload Photo")}
      </Button>
      <span id={statusID} className="photoUpload-status">
        {progress !== null && (
          <progress
            max={1}
            value={progress}
            aria-label={t("Uploading photo")}
            className="photoUpload-progress"
          />
        )}
        {error && (
          <span role="alert" className="formGroup-errors">
            {error}
          </span>
        )}
      </span>
    </div>
  );
}
