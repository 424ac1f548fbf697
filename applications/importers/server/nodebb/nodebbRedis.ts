import type Redis from "ioredis";

/** How the NodeBB importer reaches the site's Redis: `redis://[:password@]host[:port][/db]`, `--db N` wins. */
export interface NodebbRedisOptions {
  redisUrl: string;
  db?: number;
}

/** The connection's address without its password, and the database it reads: the label and map key. */
export function describeRedis({ redisUrl, db }: NodebbRedisOptions): { address: string; db: number } {
  let url: URL;
  try {
    url = new URL(redisUrl);
  } catch {
    throw new Error(`"${redisUrl}" is not a Redis URL (redis://host:port/db).`);
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") {
    throw new Error(`"${redisUrl}" is not a Redis URL (redis://host:port/db).`);
  }
  const pathDb = url.pathname.replace(/^\//, "");
  const database = db ?? (pathDb === "" ? 0 : Number(pathDb));
  if (!Number.isInteger(database) || database < 0) {
    throw new Error(`The Redis database must be a number (0, 1, …), not "${db ?? pathDb}".`);
  }
  const port = url.port === "" ? "6379" : url.port;
  return { address: `${url.protocol}//${url.hostname.toLowerCase()}:${port}`, db: database };
}

/**
 * Connects once (no retries: an importer that cannot reach its source says so at once) and checks that the
 * database holds a NodeBB site: NodeBB keeps its id counters in the `global` hash from its first member on.
 * Sends only SELECT (and AUTH with a password) before the reader's own commands.
 */
export async function connectNodebbRedis(options: NodebbRedisOptions): Promise<Redis> {
  const { address, db } = describeRedis(options);
  // Loaded by the importer only: a server that never imports from NodeBB does not carry the Redis client.
  const { Redis: RedisClient } = await import("ioredis");
  const client = new RedisClient(options.redisUrl, {
    db,
    lazyConnect: true,
    enableReadyCheck: false,
    disableClientInfo: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The socket's own error (ECONNREFUSED …) says more than the "Connection is closed." connect() rejects with.
  let socketError: unknown = null;
  client.on("error", (error) => (socketError = error));
  try {
    await client.connect();
  } catch (error) {
    // A client that has ended already would keep a 2-second timer alive if told to disconnect again.
    if (client.status !== "end") client.disconnect();
    const reason = errorMessage(socketError ?? error);
    throw new Error(`Cannot reach Redis at ${address} (database ${db}): ${reason}`, { cause: error });
  }
  let hasGlobal: number;
  try {
    hasGlobal = await client.exists("global");
  } catch (error) {
    client.disconnect();
    throw new Error(`Cannot read Redis at ${address} (database ${db}): ${errorMessage(error)}`, {
      cause: error,
    });
  }
  if (hasGlobal === 0) {
    client.disconnect();
    throw new Error(
      `Redis at ${address} (database ${db}) holds no NodeBB site: its "global" hash is missing. ` +
        "Check the URL and --db (NodeBB's config.json names them under redis).",
    );
  }
  return client;
}

/** An error's message (socket errors come from Node's own realm, so `instanceof Error` is not asked). */
function errorMessage(error: unknown): string {
  const message: unknown =
    typeof error === "object" && error !== null && "message" in error ? error.message : null;
  return typeof message === "string" && message !== "" ? message : String(error);
}

/** One page after another of a sorted set's members with their scores, in the set's order (score, member). */
export async function* sortedSetPages(
  client: Redis,
  key: string,
  pageSize: number,
): AsyncGenerator<{ member: string; score: number }[]> {
  for (let start = 0; ; start += pageSize) {
    const flat = await client.zrange(key, String(start), String(start + pageSize - 1), "WITHSCORES");
    const page: { member: string; score: number }[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) page.push({ member: flat[i]!, score: Number(flat[i + 1]) });
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
  }
}

/** Runs one command per key in a single round trip and returns the replies in order. */
export async function pipelined<T>(
  client: Redis,
  keys: readonly string[],
  add: (pipeline: ReturnType<Redis["pipeline"]>, key: string) => void,
): Promise<T[]> {
  if (keys.length === 0) return [];
  const pipeline = client.pipeline();
  for (const key of keys) add(pipeline, key);
  const replies = (await pipeline.exec()) ?? [];
  return replies.map(([error, reply]) => {
    if (error) throw error;
    return reply as T;
  });
}

/** HGETALL of many hashes at once; a missing hash is null. */
export async function hashes(
  client: Redis,
  keys: readonly string[],
): Promise<(Record<string, string> | null)[]> {
  const replies = await pipelined<Record<string, string>>(client, keys, (pipeline, key) =>
    pipeline.hgetall(key),
  );
  return replies.map((hash) => (Object.keys(hash).length === 0 ? null : hash));
}
