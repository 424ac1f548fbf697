import { sql } from "kysely";
import type { ServerApplication } from "../app/serverApplication";
import { DISK_FULL, httpErrorForDatabaseFailure } from "../errors/databaseErrors";
import { createTestApp, testDialects, type TestApp } from "../testing/testApp";
import type { Dialect } from "./database";
import { writeTransaction } from "./writeTransaction";

/** Large enough to need pages the database does not have yet. */
const LARGE_BODY = "x".repeat(200_000);

/** A write of two rows in one transaction: a small one, then one that needs new pages on disk. */
const probeApplication: ServerApplication = {
  key: "probe",
  name: "Probe",
  registerApi(api, context) {
    api.post("/disk-probe", async () =>
      writeTransaction(context.db, context.dialect, async (trx) => {
        await sql`insert into disk_probe (body) values (${"small"})`.execute(trx);
        await sql`insert into disk_probe (body) values (${LARGE_BODY})`.execute(trx);
        return { written: 2 };
      }),
    );
  },
};

/**
 * SQLite: the database may not grow past the pages it has (`max_page_count`), so the next write that needs a
 * page fails with SQLITE_FULL as on a full disk. PostgreSQL: a large row fails with SQLSTATE 53100 (disk_full),
 * the error PostgreSQL gives when it cannot extend a file.
 */
async function fillDisk(dialect: Dialect, testApp: TestApp): Promise<void> {
  const db = testApp.context.db;
  if (dialect === "sqlite") {
    const pages = (await sql<{ page_count: number }>`pragma page_count`.execute(db)).rows[0]?.page_count ?? 1;
    await sql.raw(`pragma max_page_count = ${pages}`).execute(db);
    return;
  }
  await sql
    .raw(
      `create function disk_probe_full() returns trigger language plpgsql as $$
       begin
         if length(new.body) > 1000 then
           raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
         end if;
         return new;
       end $$`,
    )
    .execute(db);
  await sql`create trigger disk_probe_full before insert on disk_probe for each row execute function disk_probe_full()`.execute(
    db,
  );
}

async function freeDisk(dialect: Dialect, testApp: TestApp): Promise<void> {
  const db = testApp.context.db;
  if (dialect === "sqlite") await sql.raw("pragma max_page_count = 1073741823").execute(db);
  else await sql`drop function disk_probe_full() cascade`.execute(db);
}

it("names a file write that found no room (ENOSPC) a full disk too", () => {
  const noSpace = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
  expect(httpErrorForDatabaseFailure(noSpace)?.toBody()).toEqual({ message: DISK_FULL, status: 503 });
});

describe.each(testDialects)("a full disk on %s", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, [probeApplication]);
    await sql`create table disk_probe (body text not null)`.execute(testApp.context.db);
  });
  afterAll(() => testApp.close());

  const probeRows = async () =>
    Number(
      (await sql<{ count: number }>`select count(*) as "count" from disk_probe`.execute(testApp.context.db))
        .rows[0]?.count ?? 0,
    );

  it("answers 503 with what is wrong, logs the real cause, writes nothing, and writes again once there is room", async () => {
    await fillDisk(dialect, testApp);
    const logged = jest.spyOn(testApp.context.log, "error");
    try {
      const refused = await testApp.guest().post("/api/v2/disk-probe", {});
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: DISK_FULL, status: 503 });
      expect(refused.headers["retry-after"]).toBe("1");
      // The failure the database reported, not the rollback that followed it.
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({
          err: expect.objectContaining({ code: dialect === "sqlite" ? "SQLITE_FULL" : "53100" }),
        }),
        expect.stringContaining("disk is full"),
      );
      expect(JSON.stringify(logged.mock.calls)).not.toContain("no transaction is active");
      // The small row of the same transaction was rolled back with it.
      expect(await probeRows()).toBe(0);
    } finally {
      logged.mockRestore();
      await freeDisk(dialect, testApp);
    }

    const written = await testApp.guest().post("/api/v2/disk-probe", {});
    expect(written.status).toBe(200);
    expect(written.body).toEqual({ written: 2 });
    expect(await probeRows()).toBe(2);
  });
});
