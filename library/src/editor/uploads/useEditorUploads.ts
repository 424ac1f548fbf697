import { useCallback, useState } from "react";
import type { MediaItem } from "@forum/api/media";
import { toApiError } from "@library/src/api/apiError";
import { uploadMedia, uploadProblem } from "./uploadMedia";

export interface EditorUpload {
  id: number;
  name: string;
  /** 0–1 while sending. */
  progress: number;
  error: string | null;
}

let nextID = 0;

/**
 * Files pasted, dropped or picked into the editor: each is checked, sent to `POST /media` with its progress
 * shown, and handed to `onUploaded` (which inserts it); a refused one stays listed with its reason.
 */
export function useEditorUploads(onUploaded: (item: MediaItem) => void) {
  const [uploads, setUploads] = useState<EditorUpload[]>([]);
  const change = (id: number, values: Partial<EditorUpload>) =>
    setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, ...values } : upload)));

  const start = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const id = ++nextID;
        const problem = uploadProblem(file);
        setUploads((list) => [...list, { id, name: file.name, progress: 0, error: problem }]);
        if (problem) continue;
        uploadMedia(file, (progress) => change(id, { progress }))
          .then((item) => {
            setUploads((list) => list.filter((upload) => upload.id !== id));
            onUploaded(item);
          })
          .catch((error: unknown) => {
            const apiError = toApiError(error);
            change(id, { error: apiError.errors.file?.[0]?.message ?? apiError.message });
          });
      }
    },
    [onUploaded],
  );

  const dismiss = useCallback(
    (id: number) => setUploads((list) => list.filter((upload) => upload.id !== id)),
    [],
  );
  const pending = uploads.some((upload) => upload.error === null);
  return { uploads, start, dismiss, pending };
}
