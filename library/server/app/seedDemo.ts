import { sql } from "kysely";
import { randomToken } from "../auth/passwords";
import { roleIDsByType } from "../db/defaultRoles";
import { createUserRecord } from "../users/createUserRecord";
import type { AppContext } from "./appContext";

export const DEMO_ADMIN_NAME = "admin";

export interface DemoSeedResult {
  adminName: string;
  adminPassword: string;
}

/**
 * On a database without users: creates the administrator (with a random password, returned so the caller can
 * print it once), then lets each application and running add-on add its demo content. Returns null when users already exist.
 */
export async function seedDemoIfEmpty(context: AppContext): Promise<DemoSeedResult | null> {
  const anyUser = await context.db.selectFrom("users").select("userID").limit(1).executeTakeFirst();
  if (anyUser) return null;
  const adminPassword = randomToken(12);
  const [adminRoleID] = await roleIDsByType(context.db, "administrator");
  await createUserRecord(context.db, {
    name: DEMO_ADMIN_NAME,
    email: "admin@example.com",
    password: adminPassword,
    roleIDs: adminRoleID === undefined ? [] : [adminRoleID],
    isAdmin: true,
  });
  // Core applications first, then the add-ons that run, each in isolation.
  for (const entry of context.addons.list()) {
    if (!entry.definition?.seedDemo || !context.addons.isActive(entry.manifest.key)) continue;
    try {
      await entry.definition.seedDemo(context);
    } catch (error) {
      context.log.error({ err: error }, `The ${entry.manifest.key} add-on failed to seed demo content.`);
    }
  }
  if (await hasPostTables(context)) await joinBeforeFirstPosts(context);
  return { adminName: DEMO_ADMIN_NAME, adminPassword };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the applications that keep posts run here (a site of the core alone has no discussions to date). */
async function hasPostTables(context: AppContext): Promise<boolean> {
  // A probe of the two tables (the catalog would be read across every schema on PostgreSQL).
  try {
    for (const table of ["discussions", "comments"])
      await sql`select 1 from ${sql.table(table)} where 1 = 0`.execute(context.db);
    return true;
  } catch {
    return false;
  }
}

/**
 * The demo's content is dated days and weeks back, its members are made today: each member who wrote something
 * joined (and was last active no earlier than) a day before their first discussion or comment.
 */
async function joinBeforeFirstPosts(context: AppContext): Promise<void> {
  const { db } = context;
  const posts = db
    .selectFrom("discussions")
    .select(["insertUserID", "dateInserted"])
    .unionAll(db.selectFrom("comments").select(["insertUserID", "dateInserted"]))
    .as("posts");
  const firsts = await db
    .selectFrom(posts)
    .select(["insertUserID", (eb) => eb.fn.min("dateInserted").as("firstPost")])
    .groupBy("insertUserID")
    .execute();
  for (const { insertUserID, firstPost } of firsts) {
    const joined = new Date(new Date(firstPost).getTime() - DAY_MS).toISOString();
    await db
      .updateTable("users")
      .set({ dateInserted: joined })
      .where("userID", "=", insertUserID)
      .where("dateInserted", ">", joined)
      .execute();
  }
}
