// Builds a fresh benchmark data set: 60 members, 8 categories (one with two sub-categories), discussions and
// comments over the last year with every stored count consistent, loaded in bulk.
//
//   npx tsx scripts/seed-large.ts --size small|large --data-dir DIR [--database-url postgres://...] [--force]
//
// small: 10,000 discussions / 105,000 comments; large: 100,000 / 1,000,000. The members share the password
// printed at the end. Without --force the script refuses a database that already holds users or discussions;
// with it, SQLite's data directory is deleted and recreated and PostgreSQL's content tables are emptied.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { serverApplications } from "../applications/serverApplications";
import { countMismatches } from "../applications/forum/server/testing/forumTesting";
import { hashPassword } from "../library/server/auth/passwords";
import { buildApp } from "../library/server/app/buildApp";
import type { AppContext } from "../library/server/app/appContext";
import { loadConfig, type ServerConfig } from "../library/server/config/config";
import { openDatabase, type DatabaseHandle } from "../library/server/db/database";
import { roleIDsByType } from "../library/server/db/defaultRoles";
import { nameKey } from "../library/server/users/createUserRecord";
import { buildBodyPool } from "./seed-large/bodies";
import { buildPlan, type Plan } from "./seed-large/plan";
import { Random } from "./seed-large/random";
import { fastMismatches, rowCounts } from "./seed-large/verify";
import { BENCH_MEMBERS } from "./seed-large/vocabulary";
import { PostgresWriter, SqliteWriter, type BulkWriter, type Cell } from "./seed-large/writers";

const SIZES = {
  small: { discussions: 10_000, comments: 105_000 },
  large: { discussions: 100_000, comments: 1_000_000 },
} as const;
const BODY_POOL_SIZE = 200;
const MEMBER_PASSWORD = "bench-password";
/** countMismatches compares every discussion with every comment: fine for the small set only. */
const FULL_CHECK_LIMIT = 20_000;

const started = Date.now();
let phaseStarted = started;

function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

function phase(name: string): void {
  const now = Date.now();
  log(`  … ${name} done in ${((now - phaseStarted) / 1000).toFixed(1)} s`);
  phaseStarted = now;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function emailOf(name: string): string {
  const local = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]+/g, ".")
    .replace(/^\.|\.$/g, "");
  return `${local}@example.com`;
}

async function openMigrated(
  config: ServerConfig,
): Promise<{ database: DatabaseHandle; context: AppContext }> {
  const database = openDatabase(config);
  const { app, context } = await buildApp({ config, database, applications: serverApplications });
  await app.close();
  return { database, context };
}

async function hasContent(context: AppContext): Promise<boolean> {
  const discussion = await context.db
    .selectFrom("discussions")
    .select("discussionID")
    .limit(1)
    .executeTakeFirst();
  const user = await context.db.selectFrom("users").select("userID").limit(1).executeTakeFirst();
  return discussion !== undefined || user !== undefined;
}

/** PostgreSQL --force: empties every table but those filled by migrations, settings and migration records. */
async function emptyPostgres(context: AppContext): Promise<void> {
  const tables = await sql<{ table: string }>`
    select table_name as "table" from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(context.db);
  // Tables that migrations fill (roles and their grants, reaction types) and settings are kept.
  const keep = new Set(["roles", "rolePermissions", "configValues", "reactionTypes"]);
  const names = tables.rows
    .map((row) => row.table)
    .filter((table) => !keep.has(table) && !table.startsWith("migrations_"));
  if (names.length > 0)
    await sql`truncate table ${sql.join(names.map((name) => sql.table(name)))} restart identity cascade`.execute(
      context.db,
    );
  await context.db.deleteFrom("rolePermissions").where("resourceType", "=", "category").execute();
}

function* userRows(plan: Plan, passwordHash: string): Generator<Cell[]> {
  for (const user of plan.users) {
    const email = emailOf(user.name);
    yield [
      user.userID,
      user.name,
      nameKey(user.name),
      email,
      email.toLowerCase(),
      passwordHash,
      null,
      user.moderator ? "Community Team" : null,
      null,
      iso(user.dateInserted),
      null,
      iso(user.dateLastActive),
      1,
      null,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      user.countDiscussions,
      user.countComments,
      0,
      null,
      null,
      null,
    ];
  }
}
const USER_COLUMNS = [
  "userID",
  "name",
  "nameKey",
  "email",
  "emailKey",
  "password",
  "photo",
  "title",
  "signature",
  "dateInserted",
  "dateUpdated",
  "dateLastActive",
  "emailConfirmed",
  "confirmationCode",
  "showEmail",
  "bypassSpam",
  "banned",
  "private",
  "hidden",
  "deleted",
  "isAdmin",
  "points",
  "countDiscussions",
  "countComments",
  "countVisits",
  "inviteUserID",
  "insertIPAddress",
  "lastIPAddress",
] as const;

function* categoryRows(plan: Plan): Generator<Cell[]> {
  for (const category of plan.categories)
    yield [
      category.categoryID,
      category.parentCategoryID,
      category.depth,
      category.sort,
      category.path,
      category.name,
      category.key,
      category.description,
      category.displayAs,
      0,
      -1,
      0,
      0,
      null,
      null,
      JSON.stringify(["discussion", "question", "idea"]),
      iso(plan.now - 400 * 24 * 3600 * 1000),
      null,
      1,
      category.countCategories,
      category.countDiscussions,
      category.countComments,
      category.countAllDiscussions,
      category.countAllComments,
      0,
    ];
}
const CATEGORY_COLUMNS = [
  "categoryID",
  "parentCategoryID",
  "depth",
  "sort",
  "path",
  "name",
  "urlcode",
  "description",
  "displayAs",
  "customPermissions",
  "permissionCategoryID",
  "isArchived",
  "featured",
  "iconUrl",
  "bannerUrl",
  "allowedDiscussionTypes",
  "dateInserted",
  "dateUpdated",
  "insertUserID",
  "countCategories",
  "countDiscussions",
  "countComments",
  "countAllDiscussions",
  "countAllComments",
  "countFollowers",
] as const;

const DISCUSSION_COLUMNS = [
  "discussionID",
  "type",
  "categoryID",
  "name",
  "body",
  "format",
  "bodyHtml",
  "bodyText",
  "insertUserID",
  "dateInserted",
  "updateUserID",
  "dateUpdated",
  "dateLastComment",
  "lastUserID",
  "lastCommentID",
  "countComments",
  "countViews",
  "score",
  "hot",
  "pinned",
  "pinLocation",
  "closed",
  "sink",
  "statusID",
  "resolved",
] as const;

const COMMENT_COLUMNS = [
  "commentID",
  "discussionID",
  "parentCommentID",
  "depth",
  "body",
  "format",
  "bodyHtml",
  "bodyText",
  "insertUserID",
  "dateInserted",
  "updateUserID",
  "dateUpdated",
  "score",
  "countChildComments",
] as const;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: "string", default: "small" },
      "data-dir": { type: "string" },
      "database-url": { type: "string", default: "" },
      force: { type: "boolean", default: false },
      seed: { type: "string", default: "20261122" },
    },
  });
  const size = values.size === "large" ? SIZES.large : values.size === "small" ? SIZES.small : null;
  if (!size) throw new Error("--size must be small or large.");
  if (!values["data-dir"]) throw new Error("--data-dir DIR is required.");
  const databaseUrl = values["database-url"] ?? "";
  const config = loadConfig({
    ...process.env,
    DATA_DIR: values["data-dir"],
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "silent",
  });
  const target = config.databaseUrl ? `PostgreSQL ${config.databaseUrl}` : `SQLite in ${config.dataDir}`;
  log(
    `Seeding the ${values.size} data set (${size.discussions} discussions, ${size.comments} comments): ${target}`,
  );

  log("Migrating");
  let { database, context } = await openMigrated(config);
  if (await hasContent(context)) {
    if (!values.force) {
      await database.destroy();
      throw new Error("The database already has users or discussions: pass --force to replace them.");
    }
    if (config.databaseUrl) {
      log("  --force: emptying the content tables");
      await emptyPostgres(context);
    } else {
      const file = path.join(config.dataDir, "forum.sqlite");
      if (!fs.existsSync(file)) throw new Error(`${config.dataDir} does not look like a data directory.`);
      log(`  --force: deleting ${config.dataDir}`);
      await database.destroy();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
      ({ database, context } = await openMigrated(config));
    }
  }
  const [memberRoleID] = await roleIDsByType(context.db, "member");
  const [moderatorRoleID] = await roleIDsByType(context.db, "moderator");
  if (memberRoleID === undefined) throw new Error("The Member role is missing.");
  phase("migrations");

  log("Planning");
  const random = new Random(Number(values.seed));
  const plan = buildPlan({ ...size, seed: Number(values.seed), now: Date.now() });
  const pool = buildBodyPool(BODY_POOL_SIZE, random, BENCH_MEMBERS);
  // Discussions open with a fuller post: skip the one-line replies (every third document) for them.
  const discussionBodies = pool.filter((_body, index) => index % 3 !== 0);
  const passwordHash = await hashPassword(MEMBER_PASSWORD);
  phase(`plan and ${pool.length} rendered bodies`);

  const writer: BulkWriter = config.databaseUrl
    ? new PostgresWriter(config.databaseUrl)
    : new SqliteWriter(path.join(config.dataDir, "forum.sqlite"));
  const progress = (table: string, total: number) => (done: number) =>
    log(`  ${table}: ${done} / ${total} (${((Date.now() - phaseStarted) / 1000).toFixed(1)} s)`);
  try {
    log("Users, roles and categories");
    await writer.insert("users", USER_COLUMNS, userRows(plan, passwordHash));
    const userRoles: Cell[][] = plan.users.flatMap((user) => [
      [user.userID, memberRoleID],
      ...(user.moderator && moderatorRoleID !== undefined ? [[user.userID, moderatorRoleID]] : []),
    ]);
    await writer.insert("userRoles", ["userID", "roleID"], userRoles);
    await writer.insert("categories", CATEGORY_COLUMNS, categoryRows(plan));
    phase("users and categories");

    log("Discussions");
    const discussions = function* (): Generator<Cell[]> {
      for (let index = 0; index < plan.discussionCount; index += 1) {
        const body = discussionBodies[index % discussionBodies.length];
        if (!body) throw new Error("empty body pool");
        const comments = plan.discussionComments[index] ?? 0;
        const pinned = plan.discussionPinned[index] ?? 0;
        const lastCommentID = plan.discussionLastCommentID[index] ?? 0;
        yield [
          index + 1,
          "discussion",
          plan.discussionCategory[index] ?? 1,
          plan.names[index] ?? "",
          body.body,
          body.format,
          body.bodyHtml,
          body.bodyText,
          plan.discussionAuthor[index] ?? 1,
          iso(plan.discussionDate[index] ?? 0),
          null,
          null,
          iso(plan.discussionLastDate[index] ?? 0),
          plan.discussionLastUser[index] ?? 1,
          lastCommentID === 0 ? null : lastCommentID,
          comments,
          plan.discussionViews[index] ?? 0,
          0,
          comments,
          pinned === 0 ? 0 : 1,
          pinned === 0 ? null : pinned === 1 ? "recent" : "category",
          0,
          0,
          0,
          0,
        ];
      }
    };
    await writer.insert(
      "discussions",
      DISCUSSION_COLUMNS,
      discussions(),
      progress("discussions", plan.discussionCount),
    );
    phase("discussions");

    log("Comments");
    const comments = function* (): Generator<Cell[]> {
      for (let index = 0; index < plan.commentCount; index += 1) {
        const body = pool[(index * 7) % pool.length];
        if (!body) throw new Error("empty body pool");
        yield [
          index + 1,
          plan.commentDiscussion[index] ?? 1,
          null,
          1,
          body.body,
          body.format,
          body.bodyHtml,
          body.bodyText,
          plan.commentUser[index] ?? 1,
          iso(plan.commentDate[index] ?? 0),
          null,
          null,
          0,
          0,
        ];
      }
    };
    await writer.insert("comments", COMMENT_COLUMNS, comments(), progress("comments", plan.commentCount));
    phase("comments");

    log("Sequences and ANALYZE");
    await writer.finish([
      { table: "users", key: "userID" },
      { table: "categories", key: "categoryID" },
      { table: "discussions", key: "discussionID" },
      { table: "comments", key: "commentID" },
    ]);
    phase("analyze");
  } finally {
    await writer.close();
  }

  try {
    log("Verifying the stored counts");
    const fast = await fastMismatches(context.db);
    log(`  grouped check: ${fast.length === 0 ? "no mismatches" : fast.slice(0, 20).join("\n  ")}`);
    if (plan.discussionCount <= FULL_CHECK_LIMIT) {
      const problems = await countMismatches(context);
      log(
        `  countMismatches(context): ${JSON.stringify(problems.slice(0, 20))} (${problems.length} problems)`,
      );
      if (problems.length > 0) process.exitCode = 1;
    } else {
      log(`  countMismatches(context) skipped above ${FULL_CHECK_LIMIT} discussions (it is quadratic)`);
    }
    if (fast.length > 0) process.exitCode = 1;
    phase("verification");
    const counts = await rowCounts(context.db);
    log(
      `Rows: ${Object.entries(counts)
        .map(([table, count]) => `${table} ${count}`)
        .join(", ")}`,
    );
  } finally {
    await database.destroy();
  }
  log(`Members sign in with the password "${MEMBER_PASSWORD}" (e.g. ${plan.users[0]?.name ?? ""}).`);
  log(`Total ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
