// The server the browser tests drive: the real application on a fresh SQLite database in a temporary folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverApplications } from "../applications/serverApplications";
import { buildApp } from "../library/server/app/buildApp";
import { seedDemoIfEmpty } from "../library/server/app/seedDemo";
import { startServer } from "../library/server/app/startServer";
import { loadConfig, type ServerConfig } from "../library/server/config/config";
import { openDatabase } from "../library/server/db/database";
import { roleIDsByType } from "../library/server/db/defaultRoles";
import { createUserRecord } from "../library/server/users/createUserRecord";
import { installShiftableClock } from "./e2eClock";

/** The administrator the tests sign in as (`adminName` in tests/e2e/helpers.ts), made when E2E_ADMIN_PASSWORD is set. */
const E2E_ADMIN_NAME = "e2eadmin";

/**
 * Seeds the demo community and, with E2E_ADMIN_PASSWORD, adds an administrator with that password, before the
 * server listens: the tests start only once the server answers, so the account is always there.
 */
async function prepareDatabase(config: ServerConfig, adminPassword: string | undefined): Promise<void> {
  const database = openDatabase(config);
  try {
    const { app, context } = await buildApp({
      config: { ...config, logLevel: "error" },
      database,
      applications: serverApplications,
    });
    await seedDemoIfEmpty(context);
    if (adminPassword) {
      const roleIDs = await roleIDsByType(context.db, "administrator");
      await createUserRecord(context.db, {
        name: E2E_ADMIN_NAME,
        email: `${E2E_ADMIN_NAME}@example.com`,
        password: adminPassword,
        roleIDs,
        isAdmin: true,
      });
    }
    await app.close();
  } finally {
    await database.destroy();
  }
}

// E2E_CLOCK_PORT: where a test moves this server's clock forward (tests/e2e/fixtures.ts, advanceServerClock).
if (process.env.E2E_CLOCK_PORT) installShiftableClock(Number(process.env.E2E_CLOCK_PORT));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-e2e-"));
const config = { ...loadConfig(), dataDir };
prepareDatabase(config, process.env.E2E_ADMIN_PASSWORD)
  .then(() => startServer(config, serverApplications))
  .catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
process.once("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
