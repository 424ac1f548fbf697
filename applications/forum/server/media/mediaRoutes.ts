import multipart from "@fastify/multipart";
import { MediaIDParamsSchema, MediaItemSchema } from "@forum/api/media";
import type { AppContext } from "@library/server/app/appContext";
import { HttpError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { tooBigMessage, UPLOAD_MAX_SIZE_SETTING } from "@library/server/uploads/uploadRules";
import type { Viewer } from "@library/server/permissions/viewer";
import type { FastifyInstance } from "fastify";
import { defineMediaJobs, scheduleMediaCleanup } from "./mediaCleanup";
import { presentMedia, type MediaRow } from "./mediaPresenter";
import { uploadStorageFor } from "./mediaStorage";
import { uploadLimit, uploadMedia } from "./mediaUpload";
import "./mediaTables";

export const MULTIPART_REQUIRED_MESSAGE = "Send the file as multipart/form-data in the field file.";

/** A body the multipart parser cannot read: no boundary, a part that never ends, headers that are not headers. */
function malformedBody(): ValidationError {
  return ValidationError.field("file", MULTIPART_REQUIRED_MESSAGE, "invalid");
}

/** The parser's own refusals (its limits: 413) keep their status; anything else it throws is the body's fault. */
function hasClientStatus(error: unknown): boolean {
  if (error instanceof HttpError) return true;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status < 500;
}

/** A file of the viewer's own, or any for moderators; others' are 404. */
function ownMedia(viewer: Viewer, row: MediaRow | undefined): MediaRow {
  viewer.require("session.valid");
  if (!row || (row.insertUserID !== viewer.userID && !viewer.has("community.moderate")))
    throw new NotFoundError("Media");
  return row;
}

/** Media (API.md 16): `POST /media` (multipart field `file`), `GET` and `DELETE /media/{id}`. */
export function mediaRoutes(api: FastifyInstance, context: AppContext): void {
  const storage = uploadStorageFor(context);
  defineMediaJobs(context, storage);
  scheduleMediaCleanup(context, (stop) => api.addHook("onClose", async () => stop()));
  const getRow = (mediaID: number) =>
    context.db.selectFrom("media").selectAll().where("mediaID", "=", mediaID).executeTakeFirst();

  // Multipart bodies only here, in a scope of their own.
  void api.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fields: 10, parts: 11 } });
    const routes = typedRoutes(scope);
    routes.post("/media", { schema: { response: { 201: MediaItemSchema } } }, async (request, reply) => {
      request.viewer.require("uploads.add");
      if (!request.isMultipart()) throw ValidationError.field("file", MULTIPART_REQUIRED_MESSAGE, "required");
      const fileSize = await uploadLimit(context);
      const part = await request.file({ limits: { fileSize }, throwFileSizeLimit: false }).catch((error) => {
        throw hasClientStatus(error) ? error : malformedBody();
      });
      if (!part || part.fieldname !== "file") {
        part?.file.resume();
        throw ValidationError.field("file", "file is required.", "required");
      }
      let mediaID: number;
      try {
        mediaID = await uploadMedia(context, storage, request.viewer, {
          filename: part.filename,
          stream: part.file,
        });
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
          throw new HttpError(
            413,
            tooBigMessage(await context.settings.get<number>(UPLOAD_MAX_SIZE_SETTING)),
          );
        // The parser reports a body that breaks off mid-file as an error of the file's stream.
        if (part.file.errored && !hasClientStatus(error)) throw malformedBody();
        throw error;
      }
      const row = await getRow(mediaID);
      if (!row) throw new NotFoundError("Media");
      reply.status(201);
      return presentMedia(row);
    });
  });

  const routes = typedRoutes(api);
  routes.get(
    "/media/:id",
    { schema: { params: MediaIDParamsSchema, response: { 200: MediaItemSchema } } },
    async (request) => presentMedia(ownMedia(request.viewer, await getRow(request.params.id))),
  );
  routes.delete("/media/:id", { schema: { params: MediaIDParamsSchema } }, async (request, reply) => {
    const row = ownMedia(request.viewer, await getRow(request.params.id));
    await context.db.deleteFrom("media").where("mediaID", "=", row.mediaID).execute();
    await storage.delete(row.storageKey);
    return reply.status(204).send();
  });
}
