import type { AppContext } from "@library/server/app/appContext";
import type { Dialect } from "@library/server/db/database";
import { createTestApp, type TestApp } from "@library/server/testing/testApp";
import { userRoleNames } from "@library/server/users/userRoleNames";
import { dashboardApplication } from "../dashboardApplication";

/** A whole server with the dashboard application on a fresh database. */
export function createDashboardTestApp(dialect: Dialect): Promise<TestApp> {
  return createTestApp(dialect, [dashboardApplication]);
}

/** Sets stored settings directly, as an administrator's PATCH /config would. */
export async function writeSettings(context: AppContext, values: Record<string, unknown>): Promise<void> {
  await context.settings.write(context.db, values, 0);
}

/** The newest mail sent to an address (the outbox keeps every message). */
export async function latestMailTo(
  context: AppContext,
  to: string,
): Promise<{ subject: string; bodyText: string } | undefined> {
  return context.db
    .selectFrom("mailOutbox")
    .select(["subject", "bodyText"])
    .where("to", "=", to)
    .orderBy("mailID", "desc")
    .executeTakeFirst();
}

export async function mailCountTo(context: AppContext, to: string): Promise<number> {
  const rows = await context.db.selectFrom("mailOutbox").select("mailID").where("to", "=", to).execute();
  return rows.length;
}

export function roleNamesOf(context: AppContext, userID: number): Promise<string[]> {
  return userRoleNames(context.db, userID);
}
