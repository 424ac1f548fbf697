import type { FastifyBaseLogger } from "fastify";
import { createTestApp, createTestAppsSharingDatabase, testDialects, type TestApp } from "../testing/testApp";
import { recordNames } from "../cache/recordNames";
import { JobQueue } from "./jobQueue";
import { countJobsByStatus, listJobs, retryJob } from "./jobsAdmin";

const quietLog = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

async function jobRows(testApp: TestApp) {
  return testApp.context.db.selectFrom("jobs").selectAll().orderBy("jobID").execute();
}

describe.each(testDialects)("job queue (%s)", (dialect) => {
  let testApp: TestApp;
  let queue: JobQueue;
  let ran: unknown[];

  beforeEach(async () => {
    testApp = await createTestApp(dialect, [], {}, { addons: [] });
    queue = new JobQueue(testApp.context.db, dialect, quietLog, { pollMs: 50 });
    ran = [];
    queue.define<{ n: number }>("test.record", async (payload) => void ran.push(payload.n), {
      owner: "core",
    });
  });
  afterEach(async () => {
    await queue.stop();
    await testApp.close();
  });

  it("runs a job only once its transaction commits, and never one that rolled back", async () => {
    await testApp.context.db
      .transaction()
      .execute(async (trx) => {
        await queue.enqueue(trx, "test.record", { n: 1 });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await testApp.context.db.transaction().execute((trx) => queue.enqueue(trx, "test.record", { n: 2 }));
    expect(await queue.drain()).toBe(1);
    expect(ran).toEqual([2]);
    const [row] = await jobRows(testApp);
    expect(row).toMatchObject({ status: "done", attempts: 1, lockedBy: null, owner: "core" });
    expect(row?.dateCompleted).not.toBeNull();
  });

  it("retries a failing job with growing delays, then dead-letters it; an admin retry runs it again", async () => {
    let failures = 0;
    queue.define(
      "test.flaky",
      async () => {
        failures += 1;
        throw new Error(`failure ${failures}`);
      },
      { owner: "core", maxAttempts: 2, backoffSeconds: 60 },
    );
    await queue.enqueue(testApp.context.db, "test.flaky", {});
    await queue.drain();
    let [row] = await jobRows(testApp);
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: "failure 1" });
    expect(Date.parse(row!.runAt) - Date.now()).toBeGreaterThan(50_000);
    expect(await queue.drain()).toBe(0); // not due yet
    await testApp.context.db
      .updateTable("jobs")
      .set({ runAt: new Date(0).toISOString() })
      .execute();
    await queue.drain();
    [row] = await jobRows(testApp);
    expect(row).toMatchObject({ status: "dead", attempts: 2, lastError: "failure 2" });
    expect(await countJobsByStatus(testApp.context.db)).toMatchObject({ dead: 1, pending: 0, done: 0 });

    expect(await retryJob(testApp.context.db, row!.jobID)).toBe(true);
    expect(await retryJob(testApp.context.db, 999_999)).toBe(false);
    await queue.drain();
    expect(failures).toBe(3);
    const dead = await listJobs(testApp.context.db, { status: "failed", page: 1, limit: 10 });
    expect(dead.map((job) => job.jobID)).toEqual([row!.jobID]);
  });

  it("keeps one waiting job per unique key, and accepts the key again once it ran", async () => {
    await queue.enqueue(testApp.context.db, "test.record", { n: 1 }, { uniqueKey: "k" });
    await queue.enqueue(testApp.context.db, "test.record", { n: 2 }, { uniqueKey: "k" });
    await queue.drain();
    expect(ran).toEqual([1]);
    await queue.enqueue(testApp.context.db, "test.record", { n: 3 }, { uniqueKey: "k" });
    await queue.drain();
    expect(ran).toEqual([1, 3]);
  });

  it("leaves a disabled owner's jobs waiting, and takes over a job whose process died", async () => {
    let active = false;
    queue.define("test.owned", async () => void ran.push("owned"), { owner: "someaddon" });
    queue.setOwnerActivity((owner) => owner !== "someaddon" || active);
    await queue.enqueue(testApp.context.db, "test.owned", {});
    expect(await queue.drain()).toBe(0);
    expect((await jobRows(testApp))[0]?.status).toBe("pending");
    active = true;
    expect(await queue.drain()).toBe(1);

    await queue.enqueue(testApp.context.db, "test.record", { n: 7 });
    const other = new JobQueue(testApp.context.db, dialect, quietLog, { leaseSeconds: -1 });
    other.define("test.record", async () => undefined, { owner: "core" });
    const claimed = await other.claim(5); // claimed, and its process "dies" before running it
    expect(claimed).toHaveLength(1);
    expect(await queue.drain()).toBe(1);
    expect(ran).toEqual(["owned", 7]);
  });

  it("tells its listeners what each finished job changed: the names it noted, none, or content", async () => {
    queue.define<{ discussionIDs: number[] | null }>(
      "test.changes",
      async ({ discussionIDs }, job) => {
        if (discussionIDs) job.noteChanged(...discussionIDs.map((id) => recordNames.discussion(id)));
      },
      { owner: "core" },
    );
    const heard: [string, readonly string[]][] = [];
    queue.onDone((name, changed) => heard.push([name, changed]));
    queue.define("test.fails", () => Promise.reject(new Error("no")), { owner: "core", maxAttempts: 1 });
    for (const discussionIDs of [[7, 7, 8], [], null])
      await queue.enqueue(testApp.context.db, "test.changes", { discussionIDs });
    await queue.enqueue(testApp.context.db, "test.fails", {});
    await queue.drain();
    // In any order: PostgreSQL runs several jobs at once. The failed job is not heard.
    expect(heard).toHaveLength(3);
    expect(heard).toEqual(
      expect.arrayContaining([
        ["test.changes", ["discussion:7", "discussion:8"]],
        ["test.changes", []],
        ["test.changes", ["content"]],
      ]),
    );
  });

  it("runs a job enqueued while the worker loop waits, within a second", async () => {
    queue.start();
    const started = Date.now();
    await queue.enqueue(testApp.context.db, "test.record", { n: 9 });
    while (ran.length === 0 && Date.now() - started < 2000) await new Promise((r) => setTimeout(r, 10));
    expect(ran).toEqual([9]);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe.each(testDialects)("job queue shared by two processes (%s)", (dialect) => {
  it("never runs a job twice when both claim at once", async () => {
    const { apps, close } = await createTestAppsSharingDatabase(dialect, [], 2, {}, { addons: [] });
    try {
      const runs = new Map<number, number>();
      const queues = apps.map((testApp) => {
        const queue = new JobQueue(testApp.context.db, dialect, quietLog, { concurrency: 4 });
        queue.define<{ n: number }>(
          "test.count",
          async ({ n }) => {
            runs.set(n, (runs.get(n) ?? 0) + 1);
            await new Promise((resolve) => setTimeout(resolve, 1));
          },
          { owner: "core" },
        );
        return queue;
      });
      const db = apps[0]!.context.db;
      for (let n = 0; n < 120; n += 1) await queues[0]!.enqueue(db, "test.count", { n });
      const counts = await Promise.all(queues.map((queue) => queue.drain()));
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(120);
      expect(runs.size).toBe(120);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      if (dialect === "postgres") expect(counts.every((count) => count > 0)).toBe(true);
    } finally {
      await close();
    }
  });
});
