// Benchmark (figures, not a test): the latency of POST /comments in a thread with 1 participant and in one with
// 100 participants who have all commented. Notifications fan out in the background job worker, so posting should
// cost about the same in both. Runs the whole server on a fresh database (a temporary SQLite file, or a fresh
// schema of --database-url), over HTTP, one request at a time.
//
//   npm run bench:comments
//   npm run bench:comments -- --posts 200 --participants 100
//   npm run bench:comments -- --database-url postgres://user@host:5432/db
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { serverApplications } from "../../applications/serverApplications";
import { buildApp } from "../../library/server/app/buildApp";
import { createSession } from "../../library/server/auth/sessions";
import { loadConfig } from "../../library/server/config/config";
import { openPostgres, openSqlite, type DatabaseHandle } from "../../library/server/db/database";
import { createTestUser } from "../../library/server/testing/factories";

const { values } = parseArgs({
  options: {
    posts: { type: "string", default: "200" },
    participants: { type: "string", default: "100" },
    warmup: { type: "string", default: "20" },
    port: { type: "string", default: "3211" },
    "database-url": { type: "string", default: "" },
  },
});

const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

interface Poster {
  userID: number;
  cookie: string;
}

function rich2(text: string): string {
  return JSON.stringify([{ type: "p", children: [{ text }] }]);
}

async function post<T>(poster: Poster, url: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}/api/v2${url}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-requested-with": "vanilla",
      referer: `${base}/`,
      cookie: poster.cookie,
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const url = values["database-url"] ?? "";
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-bench-comments-"));
    return {
      handle: openSqlite(path.join(dir, "forum.sqlite")),
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `bench_${randomBytes(6).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE SCHEMA "${schema}"`);
  const separator = url.includes("?") ? "&" : "?";
  return {
    handle: openPostgres(`${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`),
    drop: () => admin(`DROP SCHEMA "${schema}" CASCADE`),
  };
}

async function main(): Promise<void> {
  const database = await openBenchDatabase();
  const handle = database.handle;
  const config = {
    ...loadConfig({ LOG_LEVEL: "warn" }),
    port,
    host: "127.0.0.1",
    rateLimits: false,
    spamScore: false,
  };
  const { app, context } = await buildApp({ config, database: handle, applications: serverApplications });
  await app.listen({ port, host: "127.0.0.1" });
  context.jobs.start();
  const cookieName = context.settings.peek<string>("garden.cookie.name");
  const newPoster = async (role: "Member" | "Administrator" = "Member"): Promise<Poster> => {
    const user = await createTestUser(context, { role });
    const session = await createSession(context.db, user.userID, false);
    return { userID: user.userID, cookie: `${cookieName}=${session.token}` };
  };
  try {
    const admin = await newPoster("Administrator");
    const category = await post<{ categoryID: number }>(admin, "/categories", {
      name: "Bench",
      urlcode: `bench-${Date.now()}`,
    });
    const author = await newPoster();
    const thread = async (name: string) =>
      (
        await post<{ discussionID: number }>(author, "/discussions", {
          name,
          body: rich2(name),
          format: "rich2",
          categoryID: category.categoryID,
        })
      ).discussionID;
    const lonely = await thread("One participant");
    const busy = await thread("Many participants");
    const participants = Number(values.participants);
    for (let index = 1; index < participants; index += 1)
      await post(await newPoster(), "/comments", {
        discussionID: busy,
        body: rich2(`Participant ${index}`),
        format: "rich2",
      });
    const measure = async (discussionID: number): Promise<number[]> => {
      for (let index = 0; index < Number(values.warmup); index += 1)
        await post(author, "/comments", { discussionID, body: rich2(`Warm-up ${index}`), format: "rich2" });
      const timings: number[] = [];
      for (let index = 0; index < Number(values.posts); index += 1) {
        const started = process.hrtime.bigint();
        await post(author, "/comments", { discussionID, body: rich2(`Timed ${index}`), format: "rich2" });
        timings.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      return timings.sort((a, b) => a - b);
    };
    const rows: string[] = [];
    // First as in production (this process's job worker fans notifications out meanwhile), then the request
    // alone (worker stopped: jobs wait in the queue).
    for (const worker of ["running", "stopped"] as const) {
      if (worker === "stopped") await context.jobs.stop();
      for (const [label, discussionID] of [
        ["1 participant", lonely],
        [`${participants} participants`, busy],
      ] as const) {
        const timings = await measure(discussionID);
        rows.push(
          `| ${label} | ${worker} | ${timings.length} | ${percentile(timings, 0.5).toFixed(2)} | ${percentile(timings, 0.99).toFixed(2)} |`,
        );
      }
    }
    process.stdout.write(
      [
        "",
        `POST /comments, one request at a time (${values["database-url"] ? "PostgreSQL" : "SQLite"})`,
        "| thread | job worker | posts | p50 ms | p99 ms |",
        "|---|---|---|---|---|",
        ...rows,
        "",
      ].join("\n"),
    );
  } finally {
    await app.close();
    await handle.destroy();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
