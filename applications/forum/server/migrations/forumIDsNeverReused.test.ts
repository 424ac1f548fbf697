import { serverApplications } from "@applications/serverApplications";
import type { Category } from "@forum/api/categories";
import type { Draft } from "@forum/api/drafts";
import { migrationSets } from "@library/server/app/buildApp";
import { openSqlite, type Db } from "@library/server/db/database";
import { migrateToLatest, type MigrationSet } from "@library/server/db/migrate";
import { idAfterDeletingNewest, type RowMaker } from "@library/server/testing/idReuse";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { sql } from "kysely";
import { forumApplication } from "../forumApplication";
import { forumClient, makeCategory, makeDiscussion, rich2, type SignedIn } from "../testing/forumTesting";

const NOW = "2027-01-10T09:00:00.000Z";

/** The forum tables whose rows are deleted for good while clients may still hold their ids. */
function forumTables(categoryID: number, discussionID: number) {
  const post = (n: number) => ({
    body: `Post ${n}`,
    format: "text",
    bodyHtml: `<p>Post ${n}</p>`,
    bodyText: `Post ${n}`,
    insertUserID: 1,
    dateInserted: NOW,
  });
  const tables: { table: string; idColumn: string; makeRow: RowMaker }[] = [
    {
      table: "categories",
      idColumn: "categoryID",
      makeRow: (n) => ({
        path: `/id-test-${n}/`,
        name: `Id test ${n}`,
        urlcode: `id-test-${n}`,
        allowedDiscussionTypes: '["discussion"]',
        dateInserted: NOW,
      }),
    },
    {
      table: "discussions",
      idColumn: "discussionID",
      makeRow: (n) => ({ ...post(n), categoryID, name: `Id test ${n}`, dateLastComment: NOW, lastUserID: 1 }),
    },
    { table: "comments", idColumn: "commentID", makeRow: (n) => ({ ...post(n), discussionID }) },
    {
      table: "drafts",
      idColumn: "draftID",
      makeRow: () => ({ recordType: "comment", attributes: "{}", insertUserID: 1, dateInserted: NOW }),
    },
    {
      table: "media",
      idColumn: "mediaID",
      makeRow: (n) => ({
        storageKey: `id-test/${n}-${Date.now()}.png`,
        name: "a.png",
        type: "image/png",
        size: 1,
        insertUserID: 1,
        dateInserted: NOW,
      }),
    },
  ];
  return tables;
}

describe.each(testDialects)("forum ids on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let general: Category;
  let discussionID: number;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = await forumClient(testApp, { role: "Administrator" });
    member = await forumClient(testApp);
    general = await makeCategory(admin.client, { name: "General" });
    discussionID = (await makeDiscussion(admin.client, general.categoryID, "Ids")).discussionID;
  });
  afterAll(() => testApp.close());

  it("never gives a deleted id to a new row", async () => {
    for (const { table, idColumn, makeRow } of forumTables(general.categoryID, discussionID)) {
      const { deleted, next } = await idAfterDeletingNewest(testApp.context.db, table, idColumn, makeRow);
      expect({ table, newer: next > deleted }).toEqual({ table, newer: true });
    }
  });

  it("gives a new draft a new id after the newest one is deleted", async () => {
    const draft = {
      recordType: "comment",
      parentRecordType: "discussion",
      parentRecordID: discussionID,
      attributes: { body: rich2("Draft"), format: "rich2" },
    };
    const first = await member.client.post<Draft>("/api/v2/drafts", draft);
    expect(first.status).toBe(201);
    expect((await member.client.delete(`/api/v2/drafts/${first.body.draftID}`)).status).toBe(204);
    const second = await member.client.post<Draft>("/api/v2/drafts", draft);
    expect(second.status).toBe(201);
    expect(second.body.draftID).toBeGreaterThan(first.body.draftID);
    expect((await member.client.get(`/api/v2/drafts/${first.body.draftID}`)).status).toBe(404);
  });

  it("gives a new category a new id after the newest one is deleted", async () => {
    const first = await makeCategory(admin.client, { name: "Short lived" });
    expect((await admin.client.delete(`/api/v2/categories/${first.categoryID}`)).status).toBe(204);
    const second = await makeCategory(admin.client, { name: "Next one" });
    expect(second.categoryID).toBeGreaterThan(first.categoryID);
    expect((await admin.client.get(`/api/v2/categories/${first.categoryID}`)).status).toBe(404);
  });
});

/** Each table's `create table` statement, indexes, foreign keys and rows, as SQLite keeps them. */
async function snapshot(db: Db, table: string) {
  const schema = await sql<{ type: string; name: string; sql: string | null }>`select "type", "name", "sql"
    from "sqlite_master" where "tbl_name" = ${table} order by "type", "name"`.execute(db);
  const keys = await sql`select * from pragma_foreign_key_list(${table})`.execute(db);
  const rows = await sql`select * from ${sql.table(table)} order by 1`.execute(db);
  return {
    definition: schema.rows.find((row) => row.type === "table")?.sql ?? "",
    indexes: schema.rows.filter((row) => row.type === "index").map((row) => [row.name, row.sql]),
    keys: keys.rows,
    rows: rows.rows,
  };
}

const REBUILT = {
  notifications: "notificationID",
  jobs: "jobID",
  roles: "roleID",
  categories: "categoryID",
  discussions: "discussionID",
  comments: "commentID",
  drafts: "draftID",
  media: "mediaID",
};

/** The migration sets before the ids were made never-reused, or through that migration (later ones left out). */
function setsAround(sets: MigrationSet[], through: boolean): MigrationSet[] {
  return sets.map((set) => {
    const neverReuse = Object.keys(set.migrations).find((name) => name.includes("_never_reuse_"));
    return {
      ...set,
      migrations: Object.fromEntries(
        Object.entries(set.migrations).filter(
          ([name]) => neverReuse === undefined || name < neverReuse || (through && name === neverReuse),
        ),
      ),
    };
  });
}

describe("upgrading an SQLite database to ids that are never reused", () => {
  it("keeps every row, index and foreign key of the rebuilt tables, and the next id follows the largest", async () => {
    const handle = openSqlite(":memory:");
    const db = handle.db;
    try {
      const sets = migrationSets([forumApplication]);
      await migrateToLatest(db as never, setsAround(sets, false));
      await sql`insert into "roles" ("name") values ('Old role')`.execute(db);
      await sql`insert into "categories" ("path", "name", "urlcode", "allowedDiscussionTypes", "dateInserted")
        values ('/old/', 'Old', 'old', '["discussion"]', ${NOW})`.execute(db);
      for (const name of ["One", "Two"])
        await sql`insert into "discussions" ("categoryID", "name", "body", "format", "bodyHtml", "bodyText",
          "insertUserID", "dateInserted", "dateLastComment", "lastUserID")
          values (1, ${name}, 'b', 'text', 'b', 'b', 1, ${NOW}, ${NOW}, 1)`.execute(db);
      await sql`insert into "comments" ("discussionID", "body", "format", "bodyHtml", "bodyText", "insertUserID",
        "dateInserted") values (2, 'c', 'text', 'c', 'c', 1, ${NOW})`.execute(db);
      await sql`insert into "drafts" ("recordType", "attributes", "insertUserID", "dateInserted")
        values ('comment', '{}', 1, ${NOW})`.execute(db);
      const before = new Map<string, Awaited<ReturnType<typeof snapshot>>>();
      for (const table of Object.keys(REBUILT)) before.set(table, await snapshot(db, table));

      // Through the rebuild only: a later migration may add an index of its own.
      await migrateToLatest(db as never, setsAround(sets, true));

      for (const [table, column] of Object.entries(REBUILT)) {
        const was = before.get(table);
        const now = await snapshot(db, table);
        expect({ table, rows: now.rows, indexes: now.indexes, keys: now.keys }).toEqual({
          table,
          rows: was?.rows,
          indexes: was?.indexes,
          keys: was?.keys,
        });
        expect(now.definition).toBe(
          was?.definition.replace(
            `"${column}" integer primary key`,
            `"${column}" integer primary key autoincrement`,
          ),
        );
      }
      expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
      // The keys still hold: a comment of a discussion that does not exist is refused.
      const orphan =
        await sql`insert into "comments" ("discussionID", "body", "format", "bodyHtml", "bodyText",
        "insertUserID", "dateInserted") values (999, 'c', 'text', 'c', 'c', 1, ${NOW})`
          .execute(db)
          .then(
            () => "",
            (error: unknown) => String(error),
          );
      expect(orphan).toMatch(/foreign key/i);
      // Deleting the newest discussion no longer frees its id.
      await sql`delete from "discussions" where "discussionID" = 2`.execute(db);
      const { rows } = await sql<{
        id: number;
      }>`insert into "discussions" ("categoryID", "name", "body", "format",
        "bodyHtml", "bodyText", "insertUserID", "dateInserted", "dateLastComment", "lastUserID")
        values (1, 'Three', 'b', 'text', 'b', 'b', 1, ${NOW}, ${NOW}, 1) returning "discussionID" as "id"`.execute(
        db,
      );
      expect(rows[0]?.id).toBe(3);
    } finally {
      await handle.destroy();
    }
  });
});

/**
 * Every SQLite table of the core and the applications whose id is an `integer primary key` the database hands out
 * is AUTOINCREMENT, except the ones listed here, whose rows are never deleted for good (or whose key is another
 * table's id). A new table with generated ids must either be AUTOINCREMENT or be added here with its reason.
 */
const NEVER_HARD_DELETED = {
  users: "members are soft-deleted (the row stays)",
  accessTokens: "the id is never shown; clients hold the token",
  auditLog: "kept",
  mailOutbox: "kept",
  memberColorSchemes: "keyed by the member's id",
  reactionTypes: "fixed ids (tagID) given by the seed",
  userBans: "keyed by the member's id",
  userTwoFactor: "keyed by the member's id",
};

describe("SQLite ids of the core and the applications", () => {
  it("are AUTOINCREMENT wherever rows are deleted for good", async () => {
    const testApp = await createTestApp("sqlite", serverApplications, {}, { addons: [] });
    try {
      const { rows } = await sql<{ name: string; sql: string }>`select "name", "sql" from "sqlite_master"
        where "type" = 'table' and "sql" is not null`.execute(testApp.context.db);
      const reused = rows
        .filter((row) => /"\w+" integer primary key(?! autoincrement)/i.test(row.sql))
        .map((row) => row.name)
        .sort();
      expect(reused).toEqual(Object.keys(NEVER_HARD_DELETED).sort());
    } finally {
      await testApp.close();
    }
  });
});
