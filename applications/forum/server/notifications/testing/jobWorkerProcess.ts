/**
 * A server process's job worker on an existing test database, for the crash tests:
 * `node --import tsx jobWorkerProcess.ts <sqlite|postgres> <file or URL>`. It starts the worker as a server does,
 * runs until no job is waiting or running, and exits 0. With `FORUM_TEST_CRASH_AFTER_JOB=<job name>` the queue
 * kills the process right after that job's effect, before the job is marked done.
 */
import { buildApp } from "@library/server/app/buildApp";
import { testConfig } from "@library/server/config/config";
import { openPostgres, openSqlite } from "@library/server/db/database";
import { serverApplications } from "../../../../serverApplications";

async function main(): Promise<void> {
  const [dialect, location] = process.argv.slice(2);
  if (!location || (dialect !== "sqlite" && dialect !== "postgres"))
    throw new Error("Usage: jobWorkerProcess.ts <sqlite|postgres> <file or URL>");
  const database = dialect === "sqlite" ? openSqlite(location) : openPostgres(location, 2);
  const { app, context } = await buildApp({
    config: testConfig(),
    database,
    applications: serverApplications,
    addons: [],
    migrate: false,
  });
  await app.ready();
  context.jobs.start();
  const deadline = Date.now() + 30_000;
  for (;;) {
    const left = await context.db
      .selectFrom("jobs")
      .select("jobID")
      .where("status", "in", ["pending", "running"])
      .executeTakeFirst();
    if (!left) break;
    if (Date.now() > deadline) throw new Error(`Job ${left.jobID} is still waiting.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await app.close();
  await database.destroy();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
