import type { MediaItem } from "@forum/api/media";
import { toApiDate } from "@library/server/http/dates";
import type { Selectable } from "kysely";
import type { MediaTable } from "./mediaTables";

export type MediaRow = Selectable<MediaTable>;

/** Where a stored file is served: `/uploads/{key}` on this site. */
export function uploadUrl(storageKey: string): string {
  return `/uploads/${storageKey}`;
}

export function presentMedia(row: MediaRow): MediaItem {
  return {
    mediaID: row.mediaID,
    url: uploadUrl(row.storageKey),
    name: row.name,
    type: row.type,
    size: row.size,
    width: row.width,
    height: row.height,
    dateInserted: toApiDate(row.dateInserted),
    insertUserID: row.insertUserID,
    foreignType: row.foreignType,
    foreignID: row.foreignID,
  };
}
