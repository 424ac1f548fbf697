import { randomBytes } from "node:crypto";
import { sql, type Transaction } from "kysely";
import pg from "pg";
import { testDatabaseUrl } from "../config/config";
import { dialectsAmong } from "../testing/testApp";
import { openPostgres, type Database, type DatabaseHandle } from "./database";
import { migrateToLatest } from "./migrate";
import { NAME_AFTER_RUNS, StatementNames } from "./preparedStatements";

describe("StatementNames", () => {
  it("names a row statement once it runs again, the same name each time after", () => {
    const names = new StatementNames();
    const text = 'select "name" from "users" where "userID" = $1';
    for (let run = 1; run < NAME_AFTER_RUNS; run += 1) expect(names.nameFor(text)).toBeNull();
    const name = names.nameFor(text);
    expect(name).toMatch(/^forum_\d+_\d+$/);
    expect(names.nameFor(text)).toBe(name);
    expect(names.nameFor('select "name" from "users" where "userID" in ($1, $2)')).toBeNull();
  });

  it("never names transaction control, DDL or LISTEN", () => {
    const names = new StatementNames();
    for (const text of ["begin", "commit", "create table t (a int)", 'listen "live"', "set search_path = x"])
      for (let run = 0; run < 5; run += 1) expect(names.nameFor(text)).toBeNull();
  });

  it("gives every text a new name after a migration, and one refused text a new name", () => {
    const names = new StatementNames();
    const text = "select 1 as one";
    names.nameFor(text);
    const first = names.nameFor(text);
    names.forget();
    expect(names.nameFor(text)).toBeNull();
    const second = names.nameFor(text);
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    names.forgetText(text);
    const third = names.nameFor(text);
    expect(third).not.toBe(second);
  });
});

for (const dialect of dialectsAmong(["postgres"]))
  describe(`prepared statements on ${dialect}`, () => {
    const schema = `prepared_${randomBytes(6).toString("hex")}`;
    let handle: DatabaseHandle;

    async function admin(text: string): Promise<void> {
      const client = new pg.Client({ connectionString: testDatabaseUrl() ?? "" });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      const url = testDatabaseUrl() ?? "";
      await admin(`create schema "${schema}"`);
      const separator = url.includes("?") ? "&" : "?";
      // One connection: every statement below meets the statements prepared before it.
      handle = openPostgres(`${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`, 1);
      await sql`create table "notes" ("noteID" integer primary key, "body" text not null)`.execute(handle.db);
      await sql`insert into "notes" values (1, 'one'), (2, 'two')`.execute(handle.db);
    });
    afterAll(async () => {
      await handle.destroy();
      await admin(`drop schema "${schema}" cascade`);
    });

    async function preparedTexts(): Promise<string[]> {
      const { rows } = await sql<{
        statement: string;
      }>`select "statement" from pg_prepared_statements where "name" like 'forum\\_%'`.execute(handle.db);
      return rows.map((row) => row.statement);
    }

    it("prepares a text the connection runs again, and answers it the same", async () => {
      const read = (noteID: number) =>
        handle.db
          .withTables<{ notes: { noteID: number; body: string } }>()
          .selectFrom("notes")
          .select("body")
          .where("noteID", "=", noteID)
          .execute();
      expect(await read(1)).toEqual([{ body: "one" }]);
      expect(await read(2)).toEqual([{ body: "two" }]);
      expect(await read(1)).toEqual([{ body: "one" }]);
      expect(await preparedTexts()).toContain('select "body" from "notes" where "noteID" = $1');
    });

    it("reads a table whose columns a migration changed, in a transaction, with `select *` prepared before", async () => {
      const readAll = (db: DatabaseHandle["db"] | Transaction<Database>) =>
        sql<Record<string, unknown>>`select * from "notes" order by "noteID"`.execute(db);
      await readAll(handle.db);
      await readAll(handle.db);
      expect(await preparedTexts()).toContain('select * from "notes" order by "noteID"');
      await migrateToLatest(handle.db as never, [
        {
          owner: `prepared_${randomBytes(3).toString("hex")}`,
          migrations: {
            "2026-11-29T0000_add_title": {
              up: async (db) => {
                await sql`alter table "notes" add column "title" text`.execute(db);
              },
            },
          },
        },
      ]);
      // Inside a transaction a refused statement could not run again: the migration renamed the texts.
      const { rows } = await handle.db.transaction().execute((trx) => readAll(trx));
      expect(rows).toEqual([
        { noteID: 1, body: "one", title: null },
        { noteID: 2, body: "two", title: null },
      ]);
    });

    it("answers once more, unnamed, a statement the server refuses after a change it was not told of", async () => {
      const readAll = () =>
        sql<Record<string, unknown>>`select * from "notes" where "noteID" > ${0}`.execute(handle.db);
      await readAll();
      await readAll();
      await sql`alter table "notes" add column "extra" integer`.execute(handle.db);
      const { rows } = await readAll();
      expect(rows[0]).toMatchObject({ noteID: 1, extra: null });
    });
  });
