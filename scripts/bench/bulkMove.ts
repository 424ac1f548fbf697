// Benchmark (figures, not a test): bulk move of many discussions as the client does it. The whole server runs on
// a fresh database (a temporary SQLite file, or a fresh schema of --database-url), seeded with --discussions
// discussions in one category; they are moved to another in calls of at most 50 ids (API.md 7.14), each through
// the long runner: PATCH /discussions/move?longRunnerMode=sync&longRunnerTimeout=3, then POST /calls/run with
// the callbackPayload for as long as an answer carries one. Reports the total time, the rounds (requests) and the
// slowest request, which must stay under 5 s.
//
//   npm run bench:bulk
//   npm run bench:bulk -- --discussions 10000 --redirects
//   npm run bench:bulk -- --database-url postgres://user@host:5432/db
import { parseArgs } from "node:util";
import { BULK_MAX_IDS } from "../../packages/api/src/bulk";
import {
  rebuildCategoryTree,
  recountCategoryContent,
} from "../../applications/forum/server/categories/categoryCounts";
import { invalidateCategoryTree } from "../../applications/forum/server/categories/categoryTree";
import { prepareBody } from "../../applications/forum/server/content/bodies";
import { startBenchServer } from "./benchServer";

const { values } = parseArgs({
  options: {
    discussions: { type: "string", default: "10000" },
    /** Seconds of server work per round, as the client asks (DEFAULT_ROUND_SECONDS). */
    round: { type: "string", default: "3" },
    redirects: { type: "boolean", default: false },
    port: { type: "string", default: "3422" },
    "database-url": { type: "string", default: "" },
  },
});

const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
/** The limit the bench checks: no request of the move may take this long. */
const SLOWEST_ALLOWED_MS = 5000;
const SEED_BATCH = 500;

interface LongRunnerBody {
  progress?: {
    successIDs: number[];
    failedIDs: number[];
    exceptionsByID: Record<string, { message: string }>;
  };
  callbackPayload?: string | null;
}

async function main(): Promise<void> {
  const server = await startBenchServer({ databaseUrl: values["database-url"] ?? "", label: "bulk", port });
  const { context } = server;
  const admin = await server.signedIn("Administrator");
  const headers = {
    "content-type": "application/json",
    "x-requested-with": "vanilla",
    referer: `${base}/`,
    cookie: admin.cookie,
  };
  const timings: { label: string; ms: number }[] = [];
  const request = async (method: string, url: string, body: string, contentType?: string) => {
    const started = process.hrtime.bigint();
    const response = await fetch(`${base}/api/v2/${url}`, {
      method,
      headers: contentType ? { ...headers, "content-type": contentType } : headers,
      body,
    });
    const text = await response.text();
    timings.push({
      label: `${method} ${url.split("?")[0]}`,
      ms: Number(process.hrtime.bigint() - started) / 1e6,
    });
    return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
  };
  const newCategory = async (name: string): Promise<number> => {
    const created = await request(
      "POST",
      "categories",
      JSON.stringify({ name, urlcode: name.toLowerCase() }),
    );
    if (created.status !== 201) throw new Error(`POST /categories: ${created.status}`);
    return (created.body as { categoryID: number }).categoryID;
  };

  try {
    const from = await newCategory("BulkFrom");
    const to = await newCategory("BulkTo");
    timings.length = 0;

    // Seed: rows written directly, in batches (posting 10,000 discussions one by one would be the bench).
    const count = Number(values.discussions);
    const seedStarted = Date.now();
    const now = Date.now();
    const body = prepareBody("markdown", "A discussion to move.");
    for (let start = 0; start < count; start += SEED_BATCH) {
      const rows = [];
      for (let index = start; index < Math.min(count, start + SEED_BATCH); index += 1) {
        const date = new Date(now - (count - index) * 1000).toISOString();
        rows.push({
          type: "discussion",
          categoryID: from,
          name: `Bench discussion ${index + 1}`,
          ...body,
          insertUserID: admin.userID,
          dateInserted: date,
          updateUserID: null,
          dateUpdated: null,
          dateLastComment: date,
          lastUserID: admin.userID,
          lastCommentID: null,
          countComments: 0,
          countViews: 0,
          score: 0,
          hot: 0,
          pinned: 0,
          pinLocation: null,
          closed: 0,
          sink: 0,
          statusID: 0,
          resolved: 0,
        });
      }
      await context.db.insertInto("discussions").values(rows).execute();
    }
    await recountCategoryContent(context.db, [from]);
    await rebuildCategoryTree(context.db);
    invalidateCategoryTree(context.db);
    const ids = (
      await context.db
        .selectFrom("discussions")
        .select("discussionID")
        .where("categoryID", "=", from)
        .orderBy("discussionID")
        .execute()
    ).map((row) => row.discussionID);
    const seedSeconds = (Date.now() - seedStarted) / 1000;

    // Move, as the client's long runner does: one call per 50 ids, continued through /calls/run.
    const query = `longRunnerMode=sync&longRunnerTimeout=${Number(values.round)}`;
    let calls = 0;
    let continuations = 0;
    const moved: number[] = [];
    const failed: number[] = [];
    const started = Date.now();
    for (let start = 0; start < ids.length; start += BULK_MAX_IDS) {
      const discussionIDs = ids.slice(start, start + BULK_MAX_IDS);
      calls += 1;
      let answer = await request(
        "PATCH",
        `discussions/move?${query}`,
        JSON.stringify({ discussionIDs, categoryID: to, addRedirects: values.redirects }),
      );
      for (;;) {
        const result = answer.body as LongRunnerBody;
        if (!result.progress)
          throw new Error(`Not a long-runner answer: ${answer.status} ${JSON.stringify(result)}`);
        moved.push(...result.progress.successIDs);
        failed.push(...result.progress.failedIDs);
        if (!result.callbackPayload) break;
        continuations += 1;
        answer = await request(
          "POST",
          `calls/run?longRunnerTimeout=${Number(values.round)}`,
          JSON.stringify(result.callbackPayload),
          "application/system+jwt",
        );
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const left = await context.db
      .selectFrom("discussions")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("categoryID", "=", to)
      .where("type", "=", "discussion")
      .executeTakeFirstOrThrow();
    const sorted = [...timings].sort((a, b) => a.ms - b.ms);
    const slowest = sorted.at(-1);
    const median = sorted[Math.floor(sorted.length / 2)];
    process.stdout.write(
      [
        "",
        `Bulk move of ${count} discussions (${values["database-url"] ? "PostgreSQL" : "SQLite"}${values.redirects ? ", with redirects" : ""})`,
        `seeded in ${seedSeconds.toFixed(1)} s`,
        `moved: ${moved.length}, failed: ${failed.length}, now in the target category: ${Number(left.count)}`,
        `total: ${seconds.toFixed(1)} s; rounds: ${calls + continuations} (${calls} PATCH /discussions/move, ${continuations} POST /calls/run)`,
        `per request: median ${median?.ms.toFixed(0)} ms, slowest ${slowest?.ms.toFixed(0)} ms (${slowest?.label})`,
        slowest && slowest.ms < SLOWEST_ALLOWED_MS
          ? `OK: no request over ${SLOWEST_ALLOWED_MS / 1000} s`
          : `FAILED: a request took ${SLOWEST_ALLOWED_MS / 1000} s or more`,
        "",
      ].join("\n"),
    );
    if (!slowest || slowest.ms >= SLOWEST_ALLOWED_MS || moved.length !== count) process.exitCode = 1;
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
