import type { FastifyBaseLogger } from "fastify";
import { recordNames } from "../cache/recordNames";
import { JobQueue } from "../jobs/jobQueue";
import { createTestApp, testDialects, type TestApp } from "../testing/testApp";
import { EventBus } from "./eventBus";

declare module "./eventBus" {
  interface DomainEvents {
    "test.happened": { n: number };
  }
}

const quietLog = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

describe.each(testDialects)("durable event subscribers (%s)", (dialect) => {
  let testApp: TestApp;
  let queue: JobQueue;
  let events: EventBus;

  beforeEach(async () => {
    testApp = await createTestApp(dialect, [], {}, { addons: [] });
    queue = new JobQueue(testApp.context.db, dialect, quietLog, { pollMs: 50 });
    events = new EventBus(quietLog);
  });
  afterEach(async () => {
    await queue.stop();
    await testApp.close();
  });

  it("writes one job per subscriber in the write's transaction: none when it rolls back or the owner is off", async () => {
    const heard: string[] = [];
    events.subscribe("test.happened", ({ n }) => void heard.push(`search ${n}`), "search", queue);
    events.subscribe("test.happened", ({ n }) => void heard.push(`other ${n}`), "other", queue);
    events.setOwnerActivity((owner) => owner !== "other");
    const db = testApp.context.db;
    await db
      .transaction()
      .execute(async (trx) => {
        await events.emit(trx, "test.happened", { n: 1 });
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await db.transaction().execute((trx) => events.emit(trx, "test.happened", { n: 2 }));
    const jobs = await db.selectFrom("jobs").select(["name", "owner", "status"]).execute();
    expect(jobs).toEqual([{ name: "search:test.happened", owner: "search", status: "pending" }]);
    expect(await queue.drain()).toBe(1);
    expect(heard).toEqual(["search 2"]);
  });

  it("publishes what a subscriber names as changed, and content for one that names nothing", async () => {
    events.subscribe("test.happened", ({ n }, job) => job.noteChanged(recordNames.user(n)), "ranks", queue);
    events.subscribe("test.happened", () => undefined, "other", queue);
    const heard: [string, readonly string[]][] = [];
    queue.onDone((name, changed) => heard.push([name, changed]));
    await testApp.context.db.transaction().execute((trx) => events.emit(trx, "test.happened", { n: 4 }));
    expect(await queue.drain()).toBe(2);
    expect(heard).toHaveLength(2);
    expect(heard).toEqual(
      expect.arrayContaining([
        ["ranks:test.happened", ["user:4"]],
        ["other:test.happened", ["content"]],
      ]),
    );
  });

  it("retries a subscriber that throws", async () => {
    let calls = 0;
    events.subscribe(
      "test.happened",
      () => {
        calls += 1;
        if (calls === 1) throw new Error("index unavailable");
      },
      "search",
      queue,
    );
    await testApp.context.db.transaction().execute((trx) => events.emit(trx, "test.happened", { n: 1 }));
    await queue.drain();
    const [failed] = await testApp.context.db.selectFrom("jobs").select(["jobID", "status"]).execute();
    expect(failed?.status).toBe("failed");
    await testApp.context.db
      .updateTable("jobs")
      .set({ runAt: new Date(0).toISOString() })
      .execute();
    await queue.drain();
    expect(calls).toBe(2);
    const [done] = await testApp.context.db.selectFrom("jobs").select("status").execute();
    expect(done?.status).toBe("done");
  });
});
