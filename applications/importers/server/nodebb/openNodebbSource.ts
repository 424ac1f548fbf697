import { parseArgs } from "node:util";
import type { ImportSource } from "../core/importSource";
import { nodebbSource } from "./nodebbSource";

export const NODEBB_USAGE =
  "--redis URL [--db N]   (NodeBB's Redis, e.g. redis://:password@127.0.0.1:6379/0)";

/** `import nodebb --redis URL [--db N]`: the Redis database the NodeBB site keeps its data in. */
export async function openNodebbSource(args: string[]): Promise<ImportSource> {
  const { values } = parseArgs({
    args,
    options: { redis: { type: "string" }, db: { type: "string" } },
    strict: true,
  });
  const redisUrl = values.redis;
  if (!redisUrl) throw new Error(`Name the database: import nodebb ${NODEBB_USAGE}`);
  if (values.db !== undefined && !/^\d+$/.test(values.db))
    throw new Error(`--db must be a database number (0, 1, …), not "${values.db}".`);
  return nodebbSource({ redisUrl, ...(values.db === undefined ? {} : { db: Number(values.db) }) });
}
