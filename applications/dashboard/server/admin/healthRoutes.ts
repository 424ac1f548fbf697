import fs from "node:fs";
import path from "node:path";
import { SiteHealthSchema, type SiteHealth } from "@forum/api/dashboard";
import type { AppContext } from "@library/server/app/appContext";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";
import { listBackups } from "../backups/backupFiles";

/**
 * Free and total bytes of the file system that holds (or will hold) the data directory: the nearest folder that
 * exists on its path; null where none can be read.
 */
function diskOf(dataDir: string): { free: number | null; total: number | null } {
  for (let dir = path.resolve(dataDir); ; dir = path.dirname(dir)) {
    try {
      const stats = fs.statfsSync(dir);
      return { free: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
    } catch {
      if (path.dirname(dir) === dir) return { free: null, total: null };
    }
  }
}

/** `GET /dashboard/health` (site.manage): the data directory's disk and the newest backup, for the home screen. */
export function healthRoutes(api: FastifyInstance, context: AppContext): void {
  typedRoutes(api).get(
    "/dashboard/health",
    { schema: { response: { 200: SiteHealthSchema } } },
    async (request): Promise<SiteHealth> => {
      request.viewer.require("site.manage");
      const disk = diskOf(context.config.dataDir);
      const [newest] = listBackups(context);
      return {
        diskFreeBytes: disk.free,
        diskTotalBytes: disk.total,
        lastBackup: newest ? { fileName: newest.fileName, dateInserted: newest.dateInserted } : null,
      };
    },
  );
}
