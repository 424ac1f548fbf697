// Benchmark (figures, not a test): the latency of POST /comments in a thread with 1 participant and in one with
// 100 participants who have all commented. Notifications fan out in the background job worker, so posting should
// cost about the same in both. Runs the whole server on a fresh database (a temporary SQLite file, or a fresh
// schema of --database-url), over HTTP, one request at a time.
//
//   npm run bench:comments
//   npm run bench:comments -- --posts 200 --participants 100
//   npm run bench:comments -- --database-url postgres://user@host:5432/db
import { parseArgs } from "node:util";
import { percentile, startBenchServer } from "./benchServer";

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

async function main(): Promise<void> {
  const server = await startBenchServer({
    databaseUrl: values["database-url"] ?? "",
    label: "comments",
    port,
  });
  const { context } = server;
  const newPoster = (role: "Member" | "Administrator" = "Member"): Promise<Poster> => server.signedIn(role);
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
    await server.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
