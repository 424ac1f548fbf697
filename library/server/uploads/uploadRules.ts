import { Type } from "@sinclair/typebox";
import { defineSetting } from "../settings/settingsRegistry";

/** Largest upload in bytes (API.md 16: `Garden.Upload.MaxFileSize`, default 500M). */
export const UPLOAD_MAX_SIZE_SETTING = "upload.maxSize";
/** Extensions members may upload, compared case-insensitively. */
export const UPLOAD_EXTENSIONS_SETTING = "upload.allowedExtensions";
/** Bytes one member may keep uploaded (0: no limit); moderators are not limited. */
export const UPLOAD_QUOTA_SETTING = "upload.memberQuota";

export const DEFAULT_ALLOWED_EXTENSIONS = [
  "jpg",
  "jpeg",
  "gif",
  "png",
  "webp",
  "bmp",
  "tiff",
  "ico",
  "pdf",
  "txt",
  "md",
  "csv",
  "zip",
  "gz",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
  "odt",
  "ods",
  "mp3",
  "mp4",
  "mov",
];

defineSetting({
  key: UPLOAD_MAX_SIZE_SETTING,
  schema: Type.Integer({ minimum: 1024, maximum: 2 * 1024 ** 3 }),
  default: 500 * 1024 * 1024,
  read: "public",
  write: "site.manage",
});
defineSetting({
  key: UPLOAD_EXTENSIONS_SETTING,
  schema: Type.Array(Type.String({ pattern: "^[A-Za-z0-9]{1,10}$" }), { maxItems: 200 }),
  default: DEFAULT_ALLOWED_EXTENSIONS,
  read: "public",
  write: "site.manage",
});
defineSetting({
  key: UPLOAD_QUOTA_SETTING,
  schema: Type.Integer({ minimum: 0 }),
  default: 1024 ** 3,
  read: "member",
  write: "site.manage",
});

const UNITS = ["B", "KB", "MB", "GB", "TB"];

/** Bytes as SPEC 9 writes them: B, KB, MB, GB, TB with up to two decimals (`20 MB`, `1.5 GB`). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))} ${UNITS[unit]}`;
}

export function tooBigMessage(maxSize: number): string {
  return `The uploaded file was too big (max ${formatBytes(maxSize)}).`;
}

export function badExtensionMessage(allowed: readonly string[]): string {
  return `The uploaded file did not have an allowed extension. Only the following extensions are allowed. ${allowed.join(", ")}`;
}

/** The file name's extension, lower-cased ("" when it has none). */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name.trim());
  return match?.[1]?.toLowerCase() ?? "";
}

/** Content types by extension; anything else is served as a download of bytes. */
const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  png: "image/png",
  webp: "image/webp",
  bmp: "image/bmp",
  tiff: "image/tiff",
  ico: "image/x-icon",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  md: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  zip: "application/zip",
  gz: "application/gzip",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
  mov: "video/quicktime",
};

/** Never HTML, SVG or script from uploads: those are bytes to download. */
export function contentTypeFor(extension: string): string {
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}
