import { t } from "@library/src/i18n/translate";
import type { EditorUpload } from "./useEditorUploads";

/** Files on their way into the editor: a progress bar each, or the reason one was refused. */
export function UploadProgress({
  uploads,
  onDismiss,
}: {
  uploads: EditorUpload[];
  onDismiss: (id: number) => void;
}) {
  if (uploads.length === 0) return null;
  return (
    <ul className="richEditor-uploads" aria-label={t("Uploads")}>
      {uploads.map((upload) => (
        <li key={upload.id} className="richEditor-upload">
          <span className="richEditor-uploadName">{upload.name}</span>
          {upload.error === null ? (
            <progress
              className="richEditor-uploadProgress"
              max={1}
              value={upload.progress}
              aria-label={t("Uploading %s").replace("%s", upload.name)}
            />
          ) : (
            <>
              <span className="richEditor-uploadError" role="alert">
                {upload.error}
              </span>
              <button type="button" className="richEditor-uploadDismiss" onClick={() => onDismiss(upload.id)}>
                {t("Dismiss")}
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
