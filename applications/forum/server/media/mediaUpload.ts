import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { HttpError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import {
  ContentMismatchError,
  isImageExtension,
  processImage,
} from "@library/server/uploads/imageProcessing";
import { newStorageKey, type UploadStorage } from "@library/server/uploads/uploadStorage";
import {
  badExtensionMessage,
  contentTypeFor,
  extensionOf,
  formatBytes,
  tooBigMessage,
  UPLOAD_EXTENSIONS_SETTING,
  UPLOAD_MAX_SIZE_SETTING,
  UPLOAD_QUOTA_SETTING,
} from "@library/server/uploads/uploadRules";
import { sql } from "kysely";
import "./mediaTables";

export interface IncomingFile {
  filename: string;
  stream: Readable & { truncated?: boolean };
}

/** The size limit to give the multipart parser: one byte more than allowed, so an oversize file is noticed. */
export async function uploadLimit(context: AppContext): Promise<number> {
  return (await context.settings.get<number>(UPLOAD_MAX_SIZE_SETTING)) + 1;
}

function fileError(message: string): ValidationError {
  return ValidationError.field("file", message);
}

/** Bytes the member keeps uploaded now. */
async function usedBytes(db: DbOrTx, userID: number): Promise<number> {
  const row = await db
    .selectFrom("media")
    .select(sql<number>`coalesce(sum("size"), 0)`.as("total"))
    .where("insertUserID", "=", userID)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * `POST /media` (API.md 16, uploads.add): the extension must be allowed (case-insensitive, 422 on `file`), the
 * file no larger than upload.maxSize (413), its contents the format its extension names, and the member within
 * their quota. The file streams to a temporary file (never whole in memory); images are re-encoded without
 * metadata and scaled down; then it is stored and recorded. Returns the new media id.
 */
export async function uploadMedia(
  context: AppContext,
  storage: UploadStorage,
  viewer: Viewer,
  file: IncomingFile,
): Promise<number> {
  viewer.require("uploads.add");
  const allowed = await context.settings.get<string[]>(UPLOAD_EXTENSIONS_SETTING);
  const maxSize = await context.settings.get<number>(UPLOAD_MAX_SIZE_SETTING);
  const name = path.basename(file.filename.replace(/\\/g, "/")).slice(0, 255) || "file";
  const extension = extensionOf(name);
  if (!extension || !allowed.map((item) => item.toLowerCase()).includes(extension)) {
    file.stream.resume();
    throw fileError(badExtensionMessage(allowed));
  }
  const temporary = path.join(os.tmpdir(), `forum-upload-${randomBytes(12).toString("hex")}`);
  try {
    await pipeline(file.stream, createWriteStream(temporary));
    const stat = await fs.stat(temporary);
    if (file.stream.truncated || stat.size > maxSize) throw new HttpError(413, tooBigMessage(maxSize));
    if (stat.size === 0) throw fileError("The uploaded file is empty.");
    let buffer: Buffer | null = null;
    let width: number | null = null;
    let height: number | null = null;
    if (isImageExtension(extension)) {
      const handle = await fs.open(temporary, "r");
      const head = Buffer.alloc(16);
      await handle.read(head, 0, 16, 0);
      await handle.close();
      try {
        ({ buffer, width, height } = await processImage(temporary, extension, head));
      } catch (error) {
        if (error instanceof ContentMismatchError) throw fileError(error.message);
        throw error;
      }
    }
    const size = buffer ? buffer.length : stat.size;
    const quota = await context.settings.get<number>(UPLOAD_QUOTA_SETTING);
    const limited = quota > 0 && !viewer.has("community.moderate");
    const storageKey = newStorageKey(extension);
    await storage.put(storageKey, buffer ? { buffer } : { path: temporary });
    let mediaID: number;
    try {
      mediaID = await writeTransaction(context.db, context.dialect, async (trx) => {
        // The member's row is the lock that keeps two uploads at once from both passing the quota.
        await trx
          .selectFrom("users")
          .select("userID")
          .where("userID", "=", viewer.userID)
          .$call(forUpdate(context.dialect))
          .execute();
        if (limited && (await usedBytes(trx, viewer.userID)) + size > quota)
          throw fileError(`You have used all of your upload space (${formatBytes(quota)}).`);
        const row = await trx
          .insertInto("media")
          .values({
            storageKey,
            name,
            type: contentTypeFor(extension).split(";")[0] ?? "application/octet-stream",
            size,
            width,
            height,
            foreignType: null,
            foreignID: null,
            insertUserID: viewer.userID,
            dateInserted: nowIso(),
          })
          .returning("mediaID")
          .executeTakeFirstOrThrow();
        return row.mediaID;
      });
    } catch (error) {
      await storage.delete(storageKey);
      throw error;
    }
    return mediaID;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}
