import { randomBytes } from "node:crypto";
import { runInNewContext } from "node:vm";
import { sql } from "kysely";
import pg from "pg";
import { buildApp, type BuiltApp } from "../app/buildApp";
import type { ServerApplication } from "../app/serverApplication";
import { testConfig, testDatabaseUrl } from "../config/config";
import { DATABASE_UNAVAILABLE, httpErrorForDatabaseFailure } from "../errors/databaseErrors";
import { createTestUser } from "../testing/factories";
import { dialectsAmong, TestClient } from "../testing/testApp";
import { openPostgres, type DatabaseHandle } from "./database";
import { writeTransaction } from "./writeTransaction";

/** A route that writes and reads in one transaction, slowly enough that connections are busy when they die. */
const probeApplication: ServerApplication = {
  key: "probe",
  name: "Probe",
  registerApi(api, context) {
    api.post("/outage-probe", async () =>
      writeTransaction(context.db, context.dialect, async (trx) => {
        await sql`select pg_sleep(0.02)`.execute(trx);
        const row = await trx
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirst();
        return { users: Number(row?.count ?? 0) };
      }),
    );
  },
};

describe("database failures in the error vocabulary", () => {
  it("answers an unreachable database with 503 and a vanished parent row with 409", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const terminated = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    expect(httpErrorForDatabaseFailure(refused)?.toBody()).toEqual({
      message: DATABASE_UNAVAILABLE,
      status: 503,
    });
    expect(httpErrorForDatabaseFailure(terminated)?.status).toBe(503);
    expect(httpErrorForDatabaseFailure(new Error("Connection terminated unexpectedly"))?.status).toBe(503);
    expect(httpErrorForDatabaseFailure(Object.assign(new Error("fk"), { code: "23503" }))?.status).toBe(409);
    // A socket error from Node's core, made in another realm than this code's Error.
    const reset: unknown = runInNewContext(
      `Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })`,
    );
    expect(reset instanceof Error).toBe(false);
    expect(httpErrorForDatabaseFailure(reset)?.status).toBe(503);
    expect(httpErrorForDatabaseFailure(new Error("syntax error"))).toBeNull();
  });
});

// Terminating connections needs PostgreSQL; only this app's connections are cut (by application name), so
// suites running beside it on the same database are not.
for (const dialect of dialectsAmong(["postgres"])) {
  describe(`a lost database connection on ${dialect}`, () => {
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const applicationName = `forum_outage_${schema}`;
    const url = testDatabaseUrl() ?? "";
    let handle: DatabaseHandle;
    let built: BuiltApp;
    let client: TestClient;
    const poolErrors: Error[] = [];

    async function admin<T>(run: (connection: pg.Client) => Promise<T>): Promise<T> {
      const connection = new pg.Client({ connectionString: url });
      await connection.connect();
      try {
        return await run(connection);
      } finally {
        await connection.end();
      }
    }

    beforeAll(async () => {
      await admin((connection) => connection.query(`CREATE SCHEMA "${schema}"`));
      const separator = url.includes("?") ? "&" : "?";
      const options = encodeURIComponent(`-c search_path=${schema}`);
      handle = openPostgres(
        `${url}${separator}options=${options}&application_name=${applicationName}`,
        4,
        (error) => poolErrors.push(error),
      );
      built = await buildApp({
        // Error bodies carry their trace, so an unexpected 500 names its cause in the failure message.
        config: testConfig({ debug: true }),
        database: handle,
        applications: [probeApplication],
      });
      await built.app.ready();
      client = new TestClient(built.app, built.context.settings.peek<string>("garden.cookie.name"));
    });
    afterAll(async () => {
      await built.app.close();
      await handle.destroy();
      await admin((connection) => connection.query(`DROP SCHEMA "${schema}" CASCADE`));
    });

    const terminateBackends = () =>
      admin((connection) =>
        connection.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = $1`,
          [applicationName],
        ),
      );

    it("answers 503 (never 500) while connections die mid-load, then serves again, live bus included", async () => {
      const statuses: number[] = [];
      const unexpected: string[] = [];
      let loading = true;
      const load = async () => {
        while (loading) {
          const response = await client.post("/api/v2/outage-probe", {});
          statuses.push(response.status);
          if (response.status !== 200 && response.status !== 503) unexpected.push(response.text);
        }
      };
      const workers = [load(), load(), load(), load(), load(), load()];
      await new Promise((resolve) => setTimeout(resolve, 150));
      const killed = await terminateBackends();
      expect(killed.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 150));
      await terminateBackends();
      await new Promise((resolve) => setTimeout(resolve, 150));
      loading = false;
      await Promise.all(workers);

      expect(unexpected).toEqual([]);
      expect(statuses).toContain(200);
      // Backends end a moment after pg_terminate_backend returns: within a few seconds every answer is a 200.
      let status = 0;
      for (let attempt = 0; attempt < 30 && status !== 200; attempt += 1) {
        status = (await client.post("/api/v2/outage-probe", {})).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe(200);
      for (let index = 0; index < 5; index += 1)
        expect((await client.post("/api/v2/outage-probe", {})).status).toBe(200);

      // The live bus LISTENs on a connection of its own: it comes back and delivers again.
      const user = await createTestUser(built.context);
      const delivered = new Promise<void>((resolve) => {
        const unsubscribe = built.context.live.subscribe(user.userID, () => {
          unsubscribe();
          resolve();
        });
      });
      const publishing = setInterval(() => {
        void built.context.live.publish({ type: "counts", userID: user.userID }).catch(() => undefined);
      }, 200);
      try {
        await delivered;
      } finally {
        clearInterval(publishing);
      }
    }, 10_000);
  });
}
