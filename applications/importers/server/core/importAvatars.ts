import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { nowIso } from "@library/server/http/dates";
import { ContentMismatchError, processImage } from "@library/server/uploads/imageProcessing";
import { formatBytes, UPLOAD_MAX_SIZE_SETTING } from "@library/server/uploads/uploadRules";
import { newStorageKey, type UploadStorage } from "@library/server/uploads/uploadStorage";
import { uploadUrl } from "../../../forum/server/media/mediaPresenter";
import { uploadStorageFor } from "../../../forum/server/media/mediaStorage";
import "../../../forum/server/media/mediaTables";
import type { ImportedUser } from "./importSource";

/** How long one photo may take to arrive. */
export const AVATAR_TIMEOUT_MS = 10_000;

/** Photos downloaded at once. */
const PARALLEL_DOWNLOADS = 4;

/** The image types a photo may be, and the extension each is stored under. */
const AVATAR_TYPES: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
};

export interface StoredAvatar {
  storageKey: string;
  name: string;
  type: string;
  size: number;
  width: number | null;
  height: number | null;
}

/** A photo stored here, or why it was not copied. */
export type AvatarDownload = { stored: StoredAvatar } | { failed: string };

export interface AvatarFetchOptions {
  fetch?: (url: string, init: { signal: AbortSignal }) => Promise<Response>;
  timeoutMs?: number;
}

/** The body, read up to `maxSize` bytes; null when it is longer. */
async function boundedBody(response: Response, maxSize: number): Promise<Buffer | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxSize) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Downloads one photo and stores it as a member's upload would be: an image type only (by the answer's type and
 * then by its contents), at most the site's upload size, re-encoded without metadata by the uploads' image
 * processing, then put in the site's upload storage. Any failure is a reason, never a throw.
 */
export async function downloadAvatar(
  url: string,
  storage: UploadStorage,
  maxSize: number,
  {
    fetch: fetchUrl = (address, init) => fetch(address, init),
    timeoutMs = AVATAR_TIMEOUT_MS,
  }: AvatarFetchOptions = {},
): Promise<AvatarDownload> {
  const signal = AbortSignal.timeout(timeoutMs);
  const tooSlow = `not downloaded within ${timeoutMs / 1000} s`;
  let response: Response;
  try {
    response = await fetchUrl(url, { signal });
  } catch {
    return { failed: signal.aborted ? tooSlow : "the address could not be reached" };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { failed: `the source answered HTTP ${response.status}` };
  }
  const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const extension = AVATAR_TYPES[type];
  if (!extension) {
    await response.body?.cancel();
    return { failed: `not an image (${type || "no type given"})` };
  }
  let body: Buffer | null;
  try {
    body = await boundedBody(response, maxSize);
  } catch {
    return { failed: signal.aborted ? tooSlow : "the download broke off" };
  }
  if (body === null) return { failed: `larger than ${formatBytes(maxSize)}` };
  if (body.length === 0) return { failed: "the file is empty" };
  const temporary = path.join(os.tmpdir(), `forum-import-photo-${randomBytes(12).toString("hex")}`);
  try {
    await fs.writeFile(temporary, body);
    const processed = await processImage(temporary, extension, body.subarray(0, 16));
    const stored = processed.buffer ?? body;
    const storageKey = newStorageKey(extension);
    await storage.put(storageKey, { buffer: stored });
    return {
      stored: {
        storageKey,
        name: path.basename(new URL(url).pathname) || `photo.${extension}`,
        type,
        size: stored.length,
        width: processed.width,
        height: processed.height,
      },
    };
  } catch (error) {
    if (error instanceof ContentMismatchError)
      return { failed: "its contents are not the image its type names" };
    throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/**
 * The photos of a batch of members, downloaded before the batch's transaction (a slow source never holds the
 * database) and handed to the writer by the member's foreign id. What a batch did not use (a member already
 * here, merged, or a batch rolled back) is removed from the storage afterwards.
 */
export class AvatarDownloads {
  private ready = new Map<string, AvatarDownload>();
  private taken: StoredAvatar[] = [];
  private readonly storage: UploadStorage;
  /** Photos stored with their member. */
  copied = 0;

  constructor(
    private readonly context: AppContext,
    private readonly options: AvatarFetchOptions = {},
  ) {
    this.storage = uploadStorageFor(context);
  }

  /** Downloads the photos of the members not imported yet (`isNew`), a few at a time. */
  async prefetch(
    users: readonly ImportedUser[],
    isNew: (foreignID: string) => Promise<boolean>,
  ): Promise<void> {
    const wanted: ImportedUser[] = [];
    for (const user of users) if (user.photoUrl && (await isNew(user.foreignID))) wanted.push(user);
    if (wanted.length === 0) return;
    const maxSize = await this.context.settings.get<number>(UPLOAD_MAX_SIZE_SETTING);
    for (let start = 0; start < wanted.length; start += PARALLEL_DOWNLOADS) {
      const slice = wanted.slice(start, start + PARALLEL_DOWNLOADS);
      const results = await Promise.all(
        slice.map((user) => downloadAvatar(user.photoUrl ?? "", this.storage, maxSize, this.options)),
      );
      slice.forEach((user, i) => this.ready.set(user.foreignID, results[i]!));
    }
  }

  /** The downloaded photo of a member, taken by the writer (once) when it makes the member. */
  take(foreignID: string): AvatarDownload | undefined {
    const download = this.ready.get(foreignID);
    this.ready.delete(foreignID);
    if (download && "stored" in download) this.taken.push(download.stored);
    return download;
  }

  /**
   * After a batch: removes the photos it did not use, and those it used too when it rolled back (their members
   * were not written); counts the ones that stay.
   */
  async settle(committed: boolean): Promise<void> {
    const unused = [...this.ready.values()].flatMap((download) =>
      "stored" in download ? [download.stored] : [],
    );
    const removed = committed ? unused : [...unused, ...this.taken];
    if (committed) this.copied += this.taken.length;
    this.ready = new Map();
    this.taken = [];
    for (const avatar of removed) await this.storage.delete(avatar.storageKey);
  }
}

/** Records a stored photo as the member's upload and makes it their photo, in the writing transaction. */
export async function attachAvatar(trx: DbOrTx, userID: number, avatar: StoredAvatar): Promise<void> {
  await trx
    .insertInto("media")
    .values({
      storageKey: avatar.storageKey,
      name: avatar.name.slice(0, 255),
      type: avatar.type,
      size: avatar.size,
      width: avatar.width,
      height: avatar.height,
      foreignType: "user",
      foreignID: userID,
      insertUserID: userID,
      dateInserted: nowIso(),
    })
    .execute();
  await trx
    .updateTable("users")
    .set({ photo: uploadUrl(avatar.storageKey) })
    .where("userID", "=", userID)
    .execute();
}
