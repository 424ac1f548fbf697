import { sql } from "kysely";
import { randomToken } from "../auth/passwords";
import { roleIDsByType } from "../db/defaultRoles";
import { nowIso } from "../http/dates";
import { createUserRecord } from "../users/createUserRecord";
import type { AppContext } from "./appContext";

export const DEMO_ADMIN_NAME = "admin";

export interface DemoSeedResult {
  adminName: string;
  adminPassword: string;
}

/** Stored once the demo community is made: only a site created as a demo gets add-ons' demo content later. */
const DEMO_SITE_KEY = "demo.site";

/** Stored when an application's or add-on's demo content was made here (once per site). */
function demoSeededKey(key: string): string {
  return `demo.seeded.${key}`;
}

/** Records a stored flag once; true only for the caller that stored it (across processes). */
async function storeOnce(context: AppContext, key: string): Promise<boolean> {
  // A conflict returns no row (on both databases), so only the process that stored it gets one back.
  const stored = await context.db
    .insertInto("configValues")
    .values({ key, value: "true", dateUpdated: nowIso(), updateUserID: 0 })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  return stored !== undefined;
}

/**
 * The demo content of each running application and add-on that has none here yet, each once (claimed first, so
 * two processes never both make it) and in isolation: one that fails is logged and the others go on. Returns the
 * keys seeded.
 */
async function seedRunningDemos(context: AppContext): Promise<string[]> {
  const seeded: string[] = [];
  // Core applications first, then the add-ons that run.
  for (const entry of context.addons.list()) {
    const key = entry.manifest.key;
    if (!entry.definition?.seedDemo || !context.addons.isActive(key)) continue;
    if (!(await storeOnce(context, demoSeededKey(key)))) continue;
    try {
      await entry.definition.seedDemo(context);
      seeded.push(key);
    } catch (error) {
      context.log.error({ err: error }, `The ${key} add-on failed to seed demo content.`);
    }
  }
  if (seeded.length > 0 && (await hasPostTables(context))) await joinBeforeFirstPosts(context);
  return seeded;
}

/**
 * On a database without users: creates the administrator (with a random password, returned so the caller can
 * print it once), then lets each application and running add-on add its demo content, and remembers that this
 * site is a demo. Returns null when users already exist.
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
  await seedRunningDemos(context);
  // Last: an add-on enabled meanwhile in another process waits for the demo made here, not the other way round.
  await storeOnce(context, DEMO_SITE_KEY);
  return { adminName: DEMO_ADMIN_NAME, adminPassword };
}

/**
 * After add-ons were enabled: on a site created as a demo (never on a real one), the demo content of each running
 * add-on that never had it here, once per add-on. Returns the keys seeded.
 */
export async function seedDemoOfEnabledAddons(context: AppContext): Promise<string[]> {
  const demo = await context.db
    .selectFrom("configValues")
    .select("key")
    .where("key", "=", DEMO_SITE_KEY)
    .executeTakeFirst();
  return demo ? seedRunningDemos(context) : [];
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
