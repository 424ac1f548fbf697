import type { MediaItem } from "@forum/api/media";
import { apiv2 } from "@library/src/api/apiClient";
import { getConfig } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";

const UNITS = ["B", "KB", "MB", "GB", "TB"];

/** Bytes as SPEC 9 writes them: B, KB, MB, GB, TB with up to two decimals. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${UNITS[unit]}`;
}

/** The limits the server publishes (`upload.maxSize`, `upload.allowedExtensions`). */
export function uploadLimits(): { maxSize: number; allowedExtensions: string[] } {
  return {
    maxSize: getConfig<number>("upload.maxSize", 500 * 1024 * 1024),
    allowedExtensions: getConfig<string[]>("upload.allowedExtensions", []),
  };
}

/** SPEC 5, checked before sending (the server checks again): the size, then the extension (any case). */
export function uploadProblem(file: { name: string; size: number }): string | null {
  const { maxSize, allowedExtensions } = uploadLimits();
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? "";
  if (
    allowedExtensions.length > 0 &&
    !allowedExtensions.some((allowed) => allowed.toLowerCase() === extension)
  )
    return `${t("The uploaded file did not have an allowed extension. Only the following extensions are allowed.")} ${allowedExtensions.join(", ")}`;
  if (file.size > maxSize)
    return t("The uploaded file was too big (max %s).").replace("%s", formatBytes(maxSize));
  return null;
}

/** `POST /media` with the file in the field `file`; `onProgress` gets 0–1 as it is sent. */
export async function uploadMedia(file: File, onProgress: (fraction: number) => void): Promise<MediaItem> {
  const form = new FormData();
  form.append("file", file, file.name);
  const response = await apiv2.post<MediaItem>("media", form, {
    onUploadProgress: (event) => {
      if (event.total) onProgress(event.loaded / event.total);
    },
  });
  return response.data;
}

export function isImage(item: Pick<MediaItem, "type">): boolean {
  return item.type.startsWith("image/");
}
