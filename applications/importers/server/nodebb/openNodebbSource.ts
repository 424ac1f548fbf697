import { parseCommandArgs } from "@library/server/cli/parseCommandArgs";
import type { ImportSource } from "../core/importSource";
import { nodebbSource } from "./nodebbSource";

export const NODEBB_USAGE =
  "--redis URL [--db N] [--uploads-url URL]   (NodeBB's Redis, e.g. redis://:password@127.0.0.1:6379/0; the NodeBB site's address, to copy uploaded photos)";

/**
 * `import nodebb --redis URL [--db N] [--uploads-url URL]`: the Redis database the NodeBB site keeps its data in,
 * and the site's address its members' uploaded photos are read from.
 */
export async function openNodebbSource(args: string[]): Promise<ImportSource> {
  const { values } = parseCommandArgs({
    args,
    options: { redis: { type: "string" }, db: { type: "string" }, "uploads-url": { type: "string" } },
    strict: true,
  });
  const redisUrl = values.redis;
  if (!redisUrl) throw new Error(`Name the database: import nodebb ${NODEBB_USAGE}`);
  if (values.db !== undefined && !/^\d+$/.test(values.db))
    throw new Error(`--db must be a database number (0, 1, …), not "${values.db}".`);
  const uploadsUrl = values["uploads-url"];
  if (uploadsUrl !== undefined && !/^https?:\/\/[^/]/i.test(uploadsUrl))
    throw new Error(`--uploads-url must be the NodeBB site's http(s) address, not "${uploadsUrl}".`);
  return nodebbSource({
    redisUrl,
    ...(values.db === undefined ? {} : { db: Number(values.db) }),
    ...(uploadsUrl === undefined ? {} : { uploadsUrl }),
  });
}
