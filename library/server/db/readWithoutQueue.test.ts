import { sql } from "kysely";
import { answerWithin } from "../testing/cacheRereads";
import { createTestAppsSharingDatabase, testDialects, type TestApp } from "../testing/testApp";
import { openSqlite } from "./database";
import { readWithoutQueue } from "./readWithoutQueue";

test("an in-memory SQLite database is read with its open transaction, the one connection there is", async () => {
  const memory = openSqlite(":memory:");
  try {
    await sql`create table probes (name text)`.execute(memory.db);
    const probes = () =>
      readWithoutQueue(memory.db, {
        compile: () => sql<{ name: string }>`select name from probes`.compile(memory.db),
      });
    const inside = await answerWithin(
      memory.db.transaction().execute(async (trx) => {
        await sql`insert into probes (name) values ('inside')`.execute(trx);
        return probes();
      }),
    );
    expect(inside).toEqual([{ name: "inside" }]);
  } finally {
    await memory.destroy();
  }
});

// A file database on SQLite, as a server opens it (a second connection reads it while a transaction runs).
describe.each(testDialects)("reads without the connection queue on %s", (dialect) => {
  let testApp: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const shared = await createTestAppsSharingDatabase(dialect, [], 1);
    testApp = shared.apps[0] as TestApp;
    close = shared.close;
  });
  afterAll(async () => {
    await close();
  });

  it("reads the last committed rows at once while transactions hold every connection", async () => {
    const { db } = testApp.context;
    const probe = (key: string) =>
      readWithoutQueue(db, db.selectFrom("configValues").select(["key", "value"]).where("key", "=", key));
    // SQLite has one connection; the test app's PostgreSQL pool has four (testApp.ts): all are taken.
    const holders = dialect === "postgres" ? 4 : 1;
    let begun = 0;
    let allBegun: () => void = () => undefined;
    const everyoneIn = new Promise<void>((resolve) => {
      allBegun = resolve;
    });
    const seenInside = await answerWithin(
      Promise.all(
        Array.from({ length: holders }, (_, index) =>
          db.transaction().execute(async (trx) => {
            await trx
              .insertInto("configValues")
              .values({
                key: `x.probe${index}`,
                value: "1",
                dateUpdated: new Date().toISOString(),
                updateUserID: 0,
              })
              .execute();
            begun += 1;
            if (begun === holders) allBegun();
            await everyoneIn;
            return probe(`x.probe${index}`);
          }),
        ),
      ),
    );
    // Never a transaction's own write: another process would not see it either until it commits.
    expect(seenInside).toEqual(Array.from({ length: holders }, () => []));
    expect(await probe("x.probe0")).toEqual([{ key: "x.probe0", value: "1" }]);
    await db.deleteFrom("configValues").where("key", "like", "x.probe%").execute();
  });

  it("refreshes the settings and the role grants inside a transaction", async () => {
    const { db, settings, grants } = testApp.context;
    const title = await answerWithin(
      db.transaction().execute(async (trx) => {
        await trx.selectFrom("configValues").select("key").execute();
        settings.expire();
        grants.invalidate();
        const snapshot = await grants.get();
        expect(snapshot.rolesByType.get("member")?.length).toBeGreaterThan(0);
        return settings.get<string>("garden.title");
      }),
    );
    expect(title).toBe(settings.peek<string>("garden.title"));
  });
});
