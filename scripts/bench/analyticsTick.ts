// What analytics ticks at 2,000 events/s add to the discussion page's p99 (a figure, not a test), measured in CPU
// time so that the other processes of a shared machine do not distort it. The app runs in this process over a
// scratch SQLite file it fills through the API (discussions of 15 comments, 20 members) and answers through
// Fastify's inject.
//
// A page's cost is the CPU this process spends from its request to its answer. The baseline renders random
// discussion pages one after the other. The loaded run models a site answering `page-rate` pages a second while
// ticks arrive at `rate` (page and discussion views of members and guests): with each page go, concurrently,
// the ticks that arrive while it is in flight (rate x the last page's cost), the rest of its interval's ticks
// after it; every 2 s of that timeline the buffer becomes a batch job, run (as the worker would) while the next
// pages are answered. Whatever of that work lands while a page is in flight counts against the page, as it would
// on a server's one event loop. The two runs are made in halves, in turn, so a drifting machine load weighs on
// both alike. It ends with a tick's CPU split (its request, writing it in its batch) and the floor: the same POST
// to a Fastify app with one bare route, i.e. what inject and Fastify cost before the platform does anything.
//
//   npx tsx scripts/bench/analyticsTick.ts [--discussions 100] [--pages 1500] [--rate 2000] [--page-rate 50]
//
// 29 November 2026, defaults, a shared 2-core machine (load average 5-25 from other work; CPU figures):
// - before (every tick resolved the full viewer, language and page work, and, as an unnamed write, published
//   `content`, which retired every cache in every process): a tick's request 1.12 ms of CPU, writing it 0.09 ms;
//   page p99 29.5 -> 211.7 ms, +618 % (earlier quieter runs: +72 % to +284 %).
// - after (a light route that names nothing changed; batches written in parts of 100 events): a tick's request
//   0.38-0.54 ms against a bare-route floor of 0.34-0.36 ms in the same runs, writing it 0.06-0.09 ms; page p99
//   18.4-21.8 -> 22.2-23.3 ms, +6.8 % and +20.5 % in two runs (p50 +59 % and +133 %: a tick is still about a
//   third of a millisecond, nearly all of it inject and Fastify, so 2,000 a second take most of a core). The
//   target (< 10 % on the p99, about 0.05 ms a tick) needs a tick cheaper than Fastify's own bare route.
// - with the per-address budget (ticks from 2,000 addresses, rate limits on after seeding; 400 pages, 30
//   discussions, same machine under load): a tick's request 0.413 ms before and 0.413 / 0.472 ms after, against
//   floors of 0.204, 0.261 and 0.409 ms in those runs (the machine's load moves more than the budget); every event
//   stored. The budget itself costs 0.13 us of CPU per event (2,000 addresses), 0.46 us under a spray of 20,000.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { serverApplications } from "../../applications/serverApplications";
import { discussionUrl } from "../../applications/forum/server/content/urls";
import Fastify, { type FastifyInstance } from "fastify";
import { buildApp } from "../../library/server/app/buildApp";
import { createSession } from "../../library/server/auth/sessions";
import { loadConfig } from "../../library/server/config/config";
import { openSqlite } from "../../library/server/db/database";
import { createTestUser } from "../../library/server/testing/factories";
import { analyticsBufferOf } from "../../plugins/analytics/server/tick/analyticsBuffer";
import { percentile } from "./benchServer";

const { values } = parseArgs({
  options: {
    discussions: { type: "string", default: "100" },
    pages: { type: "string", default: "1500" },
    rate: { type: "string", default: "2000" },
    /** Discussion pages a second the site answers meanwhile (each page's share of ticks: rate / page-rate). */
    "page-rate": { type: "string", default: "50" },
  },
});

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

const API_HEADERS = {
  host: "localhost",
  "content-type": "application/json",
  "x-requested-with": "vanilla",
  referer: "http://localhost/",
  "user-agent": "Mozilla/5.0",
};

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** Posts through the API as `cookie`; throws unless created. */
async function created(app: FastifyInstance, cookie: string, url: string, body: unknown): Promise<number> {
  const response = await app.inject({
    method: "POST",
    url,
    headers: { ...API_HEADERS, cookie },
    payload: JSON.stringify(body),
  });
  if (response.statusCode !== 201)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  const parsed = JSON.parse(response.body) as {
    categoryID?: number;
    discussionID?: number;
    commentID?: number;
  };
  return parsed.commentID ?? parsed.discussionID ?? parsed.categoryID ?? 0;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-bench-analytics-"));
  const database = openSqlite(path.join(dataDir, "forum.sqlite"));
  const config = {
    ...loadConfig({ LOG_LEVEL: "warn" }),
    dataDir,
    databaseUrl: null,
    rateLimits: false,
    spamScore: false,
  };
  const { app, context } = await buildApp({ config, database, applications: serverApplications });
  try {
    await context.addons.setEnabled("analytics", true, null);
    const cookieName = context.settings.peek<string>("garden.cookie.name");
    const cookies: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const user = await createTestUser(context, { role: index === 0 ? "Administrator" : "Member" });
      cookies.push(`${cookieName}=${(await createSession(database.db, user.userID, true)).token}`);
    }
    const admin = cookies[0]!;
    const categoryID = await created(app, admin, "/api/v2/categories", { name: "Bench", urlcode: "bench" });
    const discussions: { discussionID: number; name: string }[] = [];
    const discussionCount = Number(values.discussions);
    for (let index = 0; index < discussionCount; index += 1) {
      const name = `Bench discussion ${index + 1}`;
      const discussionID = await created(app, pick(cookies), "/api/v2/discussions", {
        name,
        body: `The opening post of ${name}, long enough to look like one: ${"words ".repeat(40)}`,
        format: "markdown",
        categoryID,
      });
      for (let comment = 1; comment <= 15; comment += 1)
        await created(app, pick(cookies), "/api/v2/comments", {
          discussionID,
          body: `Comment ${comment} with a [link](https://example.com) and **some** text. ${"more ".repeat(20)}`,
          format: "markdown",
        });
      discussions.push({ discussionID, name });
    }
    await context.jobs.drain();
    // Ticks spend their address's budget (rateLimits was off only while seeding through the API): a site's
    // readers come from many addresses, each far below its budget.
    Object.assign(context.config, { rateLimits: true });
    const addresses = Array.from({ length: 2000 }, (_, index) => `10.${index >> 8}.${index & 255}.1`);
    const page = () => {
      const row = pick(discussions);
      return app.inject({
        url: discussionUrl(row.discussionID, row.name),
        headers: { host: "localhost", "accept-encoding": "gzip, br", cookie: pick(cookies) },
      });
    };
    const tick = () => {
      const row = pick(discussions);
      const member = Math.random() < 0.5;
      return app.inject({
        method: "POST",
        url: "/api/v2/tick",
        remoteAddress: pick(addresses),
        headers: { ...API_HEADERS, ...(member && { cookie: pick(cookies) }) },
        payload: JSON.stringify(
          Math.random() < 0.5
            ? { type: "page_view", url: `http://localhost/discussion/${row.discussionID}` }
            : {
                type: "discussion_view",
                url: `http://localhost/discussion/${row.discussionID}`,
                discussionID: row.discussionID,
              },
        ),
      });
    };
    const buffer = analyticsBufferOf(context);
    const storeBatches = async () => {
      await buffer.flush();
      await context.jobs.drain();
    };

    const pages = Number(values.pages);
    const rate = Number(values.rate);
    const pageRate = Number(values["page-rate"]);
    const ticksPerPage = rate / pageRate;
    const run = async (loaded: boolean, count = pages) => {
      const costs: number[] = [];
      const clockStart = process.cpuUsage();
      let sent = 0;
      let owed = 0;
      let lastCost = 0;
      let storing: Promise<void> | null = null;
      let lastStore = 0;
      const check = await tick();
      if (check.statusCode !== 201) throw new Error(`POST /tick answered ${check.statusCode}: ${check.body}`);
      for (let index = 0; index < count; index += 1) {
        const virtualSeconds = index / pageRate;
        // Every 2 s the buffer becomes a batch job, written while the next pages are answered (not awaited).
        if (loaded && virtualSeconds - lastStore >= 2 && !storing) {
          lastStore = virtualSeconds;
          storing = storeBatches().finally(() => {
            storing = null;
          });
        }
        // The ticks that arrive while the page is in flight (at `rate`, for as long as the last page took)
        // run with it; the rest of the page's interval is sent after it.
        owed += loaded ? ticksPerPage : 0;
        const during = Math.min(Math.floor(owed), Math.round((rate * lastCost) / 1000));
        const work: Promise<unknown>[] = [];
        for (let n = 0; n < during; n += 1) work.push(tick());
        const start = process.cpuUsage();
        const answered = page().then((response) => {
          if (response.statusCode !== 200)
            throw new Error(`A discussion page answered ${response.statusCode}`);
          return cpuMs(start);
        });
        const [cost] = await Promise.all([answered, ...work]);
        costs.push(cost);
        lastCost = cost;
        const after = Math.floor(owed) - during;
        await Promise.all(Array.from({ length: after }, () => tick()));
        sent += during + after;
        owed -= during + after;
      }
      await storing;
      await storeBatches();
      return { costs: costs.sort((a, b) => a - b), sent, seconds: cpuMs(clockStart) / 1000 };
    };

    await run(false); // warm-up: caches, compiled schemas, the JIT
    // Halves of each run in turn (pages alone, with ticks, alone, with ticks): a machine whose load drifts
    // (other processes) weighs on both alike.
    const halves: Awaited<ReturnType<typeof run>>[] = [];
    for (const loadedHalf of [false, true, false, true])
      halves.push(await run(loadedHalf, Math.ceil(pages / 2)));
    const pool = (loadedRuns: boolean) => {
      const runs = halves.filter((_half, index) => index % 2 === (loadedRuns ? 1 : 0));
      return {
        costs: runs.flatMap((half) => half.costs).sort((a, b) => a - b),
        sent: runs.reduce((sum, half) => sum + half.sent, 0),
        seconds: runs.reduce((sum, half) => sum + half.seconds, 0),
      };
    };
    const base = pool(false);
    const loaded = pool(true);
    // Where a tick's CPU goes: the request alone (members' and guests'), then writing the batches.
    const split = async () => {
      const before = process.cpuUsage();
      for (let index = 0; index < 2000; index += 1) await tick();
      const request = cpuMs(before) / 2000;
      const storeStart = process.cpuUsage();
      await storeBatches();
      return { request, store: cpuMs(storeStart) / 2000 };
    };
    const costSplit = await split();
    // The floor: the same POST answered by a Fastify app with one route and no hooks (inject and Fastify alone).
    const bare = Fastify({ logger: false });
    bare.post("/api/v2/tick", async (_request, reply) => reply.code(201).send({ didTrack: true }));
    await bare.ready();
    const bareStart = process.cpuUsage();
    for (let index = 0; index < 2000; index += 1)
      await bare.inject({
        method: "POST",
        url: "/api/v2/tick",
        headers: { ...API_HEADERS, cookie: pick(cookies) },
        payload: JSON.stringify({ type: "page_view", url: "http://localhost/discussion/1" }),
      });
    const floor = cpuMs(bareStart) / 2000;
    await bare.close();
    const events = await database.db
      .selectFrom("analyticsEvents")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    const p = (costs: number[], fraction: number) => percentile(costs, fraction).toFixed(2);
    const p99Base = percentile(base.costs, 0.99);
    const p99Loaded = percentile(loaded.costs, 0.99);
    process.stdout.write(
      `SQLite, ${discussions.length} discussions of 15 comments, ${pages} pages a run at ${pageRate}/s, ticks at ${rate}/s (${ticksPerPage} a page)\n` +
        "| run | page p50 CPU ms | page p99 CPU ms | ticks sent | CPU ms per tick (all work / ticks) |\n|---|---|---|---|---|\n" +
        `| pages alone | ${p(base.costs, 0.5)} | ${p(base.costs, 0.99)} | 0 | 0 |\n` +
        `| pages + ticks + batch jobs | ${p(loaded.costs, 0.5)} | ${p(loaded.costs, 0.99)} | ${loaded.sent} | ${(((loaded.seconds - base.seconds) * 1000) / loaded.sent).toFixed(3)} |\n` +
        `CPU ms per tick: ${costSplit.request.toFixed(3)} for its request (inject included), ${costSplit.store.toFixed(3)} for writing it in its batch; ${floor.toFixed(3)} for the same POST to a bare Fastify route (inject and Fastify alone)\n` +
        `p99 added by the ticks: ${(((p99Loaded - p99Base) / p99Base) * 100).toFixed(1)} % (events stored: ${events.count})\n`,
    );
  } finally {
    await context.jobs.stop();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the cache layer's last notes
    await app.close();
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
