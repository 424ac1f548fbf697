import net from "node:net";

/**
 * A Redis stand-in for machines without Debian's redis-server: a TCP server speaking RESP2 that implements
 * exactly the commands the NodeBB reader and the test fixture send (strings, hashes, sets and sorted sets in
 * memory, one map per database). Anything else is answered with Redis's own "unknown command" error.
 */
type Value =
  | { kind: "string"; text: string }
  | { kind: "hash"; map: Map<string, string> }
  | { kind: "set"; set: Set<string> }
  | { kind: "zset"; map: Map<string, number> };

type Reply = string | number | null | Reply[] | { status: string } | { error: string };

class ReplyError extends Error {}

const WRONGTYPE = "WRONGTYPE Operation against a key holding the wrong kind of value";

export interface RedisDouble {
  port: number;
  stop(): Promise<void>;
}

export async function startRedisDouble(): Promise<RedisDouble> {
  const databases = new Map<number, Map<string, Value>>();
  const database = (index: number): Map<string, Value> => {
    let keys = databases.get(index);
    if (!keys) databases.set(index, (keys = new Map<string, Value>()));
    return keys;
  };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let selected = 0;
    let buffer = Buffer.alloc(0);
    socket.setNoDelay(true);
    socket.on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      // A pipeline's replies leave in one write.
      let replies = "";
      for (;;) {
        const parsed = parseCommand(buffer);
        if (!parsed) break;
        buffer = buffer.subarray(parsed.length);
        const [name = "", ...args] = parsed.args;
        let reply: Reply;
        try {
          const command = name.toUpperCase();
          if (command === "SELECT") {
            selected = Number(args[0]);
            reply = { status: "OK" };
          } else if (command === "QUIT") {
            socket.end(replies + encode({ status: "OK" }));
            return;
          } else {
            reply = run(database(selected), command, args);
          }
        } catch (error) {
          reply = { error: error instanceof ReplyError ? error.message : `ERR ${String(error)}` };
        }
        replies += encode(reply);
      }
      if (replies !== "") socket.write(replies);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("The Redis double has no port.");
  return {
    port: address.port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function run(keys: Map<string, Value>, command: string, args: string[]): Reply {
  const [key = ""] = args;
  const get = <K extends Value["kind"]>(kind: K): Extract<Value, { kind: K }> | undefined => {
    const value = keys.get(key);
    if (value && value.kind !== kind) throw new ReplyError(WRONGTYPE);
    return value as Extract<Value, { kind: K }> | undefined;
  };
  const make = <K extends Value["kind"]>(
    kind: K,
    empty: () => Extract<Value, { kind: K }>,
  ): Extract<Value, { kind: K }> => {
    const existing = get(kind);
    if (existing) return existing;
    const created = empty();
    keys.set(key, created);
    return created;
  };
  switch (command) {
    case "EXISTS":
      return args.filter((name) => keys.has(name)).length;
    case "SET":
      keys.set(key, { kind: "string", text: args[1] ?? "" });
      return { status: "OK" };
    case "GET":
      return get("string")?.text ?? null;
    case "HGET":
      return get("hash")?.map.get(args[1] ?? "") ?? null;
    case "HSET": {
      const hash = make("hash", () => ({ kind: "hash", map: new Map() }));
      let added = 0;
      for (let i = 1; i + 1 < args.length; i += 2) {
        if (!hash.map.has(args[i]!)) added += 1;
        hash.map.set(args[i]!, args[i + 1]!);
      }
      return added;
    }
    case "HGETALL":
      return [...(get("hash")?.map ?? new Map<string, string>())].flat();
    case "HMGET": {
      const hash = get("hash");
      return args.slice(1).map((field) => hash?.map.get(field) ?? null);
    }
    case "SADD": {
      const set = make("set", () => ({ kind: "set", set: new Set() }));
      const before = set.set.size;
      for (const member of args.slice(1)) set.set.add(member);
      return set.set.size - before;
    }
    case "SMEMBERS":
      return [...(get("set")?.set ?? [])];
    case "ZADD": {
      const zset = make("zset", () => ({ kind: "zset", map: new Map() }));
      let added = 0;
      for (let i = 1; i + 1 < args.length; i += 2) {
        if (!zset.map.has(args[i + 1]!)) added += 1;
        zset.map.set(args[i + 1]!, Number(args[i]));
      }
      return added;
    }
    case "ZCARD":
      return get("zset")?.map.size ?? 0;
    case "ZSCORE": {
      const score = get("zset")?.map.get(args[1] ?? "");
      return score === undefined ? null : String(score);
    }
    case "ZRANGE":
      return zrange(get("zset")?.map, args);
    default:
      throw new ReplyError(`ERR unknown command '${command.toLowerCase()}'`);
  }
}

/** ZRANGE key start stop [WITHSCORES]: by index in (score, member) order, negative indexes from the end. */
function zrange(map: Map<string, number> | undefined, args: string[]): string[] {
  const sorted = [...(map ?? new Map<string, number>())].sort(
    ([a, scoreA], [b, scoreB]) => scoreA - scoreB || (a < b ? -1 : a > b ? 1 : 0),
  );
  const length = sorted.length;
  const index = (text: string | undefined): number => {
    const value = Number(text);
    return value < 0 ? length + value : value;
  };
  const start = Math.max(0, index(args[1]));
  const stop = Math.min(length - 1, index(args[2]));
  const withScores = (args[3] ?? "").toUpperCase() === "WITHSCORES";
  return sorted
    .slice(start, stop + 1)
    .flatMap(([member, score]) => (withScores ? [member, String(score)] : [member]));
}

/** One command (an array of bulk strings) from the front of the buffer, or null until it is complete. */
function parseCommand(buffer: Buffer): { args: string[]; length: number } | null {
  if (buffer.length === 0) return null;
  const lineEnd = (from: number): number => buffer.indexOf("\r\n", from);
  if (buffer[0] !== 0x2a) {
    // An inline command (as typed into telnet).
    const end = lineEnd(0);
    if (end < 0) return null;
    return { args: buffer.subarray(0, end).toString().trim().split(/\s+/), length: end + 2 };
  }
  let end = lineEnd(0);
  if (end < 0) return null;
  const count = Number(buffer.subarray(1, end).toString());
  let offset = end + 2;
  const args: string[] = [];
  for (let i = 0; i < count; i += 1) {
    end = lineEnd(offset);
    if (end < 0) return null;
    const size = Number(buffer.subarray(offset + 1, end).toString());
    const start = end + 2;
    if (buffer.length < start + size + 2) return null;
    args.push(buffer.subarray(start, start + size).toString());
    offset = start + size + 2;
  }
  return { args, length: offset };
}

function encode(reply: Reply): string {
  if (reply === null) return "$-1\r\n";
  if (typeof reply === "number") return `:${reply}\r\n`;
  if (typeof reply === "string") return `$${Buffer.byteLength(reply)}\r\n${reply}\r\n`;
  if (Array.isArray(reply)) return `*${reply.length}\r\n${reply.map(encode).join("")}`;
  if ("error" in reply) return `-${reply.error}\r\n`;
  return `+${reply.status}\r\n`;
}
