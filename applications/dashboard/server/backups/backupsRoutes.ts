import fs from "node:fs";
import { BackupFileParamsSchema, BackupFileSchema } from "@forum/api/backups";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { backupPath, listBackups, makeBackup } from "./backupFiles";
import { scheduleBackups } from "./scheduledBackups";

/**
 * Dashboard › Backups (site.manage): make a snapshot now (the database and the uploads in one archive), list the
 * kept ones (older bare database backups too), download one; while the server
 * runs, the schedule (off, daily, weekly) makes one backup per slot and keeps the last N of them.
 */
export function backupsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  scheduleBackups(context, (stop) => api.addHook("onClose", async () => stop()));

  routes.get(
    "/dashboard/backups",
    { schema: { response: { 200: Type.Array(BackupFileSchema) } } },
    async (request) => {
      request.viewer.require("site.manage");
      return listBackups(context);
    },
  );

  routes.post(
    "/dashboard/backups",
    { schema: { response: { 201: BackupFileSchema } } },
    async (request, reply) => {
      request.viewer.require("site.manage");
      return reply.code(201).send(await makeBackup(context));
    },
  );

  routes.get(
    "/dashboard/backups/:fileName",
    { schema: { params: BackupFileParamsSchema } },
    async (request, reply) => {
      request.viewer.require("site.manage");
      const file = backupPath(context, request.params.fileName);
      if (!file) throw new NotFoundError("Backup");
      return reply
        .header("content-type", file.endsWith(".tar") ? "application/x-tar" : "application/octet-stream")
        .header("content-disposition", `attachment; filename="${request.params.fileName}"`)
        .send(fs.createReadStream(file));
    },
  );
}
