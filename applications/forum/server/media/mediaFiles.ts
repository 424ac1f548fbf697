import type { AppContext } from "@library/server/app/appContext";
import { isStorageKey } from "@library/server/uploads/uploadStorage";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { uploadStorageFor } from "./mediaStorage";
import "./mediaTables";

const INLINE_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/bmp",
  "image/x-icon",
  "image/tiff",
]);

/** RFC 6266 `filename*`: the original name, percent-encoded. */
function dispositionName(name: string): string {
  return `UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * `/uploads/{key}`: a stored file with the type recorded at upload (never HTML: anything that is not a known
 * image is an attachment), `nosniff`, and a year of caching (keys never change).
 */
export function mediaFileRoutes(app: FastifyInstance, context: AppContext): void {
  const storage = uploadStorageFor(context);
  app.get("/uploads/*", async (request: FastifyRequest<{ Params: { "*": string } }>, reply) => {
    const key = request.params["*"];
    const row = isStorageKey(key)
      ? await context.db
          .selectFrom("media")
          .select(["type", "name"])
          .where("storageKey", "=", key)
          .executeTakeFirst()
      : undefined;
    const file = row ? await storage.get(key) : null;
    // A plain 404: these URLs are images and downloads, not pages.
    if (!row || !file) return reply.status(404).type("text/plain; charset=utf-8").send("Not found.");
    const inline = INLINE_TYPES.has(row.type);
    return reply
      .header("Content-Type", row.type.startsWith("text/") ? `${row.type}; charset=utf-8` : row.type)
      .header("Content-Length", String(file.size))
      .header("X-Content-Type-Options", "nosniff")
      .header(
        "Content-Disposition",
        `${inline ? "inline" : "attachment"}; filename*=${dispositionName(row.name)}`,
      )
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .send(file.body);
  });
}
