import { randomBytes } from "node:crypto";
import { migrationSets } from "@library/server/app/buildApp";
import { migrateToLatest } from "@library/server/db/migrate";
import { adminStatement, emptyDatabase, migrationTableNames } from "@library/server/testing/emptyDatabase";
import { dialectsAmong, testDialects } from "@library/server/testing/testApp";

// The core's own migrations (the applications' run from empty in their own test, which may import them).
const sets = migrationSets([]);
/** Every migration, owner by owner, each owner's in the migrator's order (by name). */
const everyMigration = sets.flatMap((set) =>
  Object.keys(set.migrations)
    .sort()
    .map((name) => `${set.owner}/${name}`),
);

for (const dialect of testDialects)
  describe(`migrating an empty ${dialect} database`, () => {
    it("applies every core migration once, then finds nothing to do", async () => {
      const { handle, drop } = await emptyDatabase(dialect);
      try {
        expect(await migrateToLatest(handle.db as never, sets)).toEqual(everyMigration);
        expect(await migrationTableNames(handle)).toEqual(["migrations_core", "migrations_core_lock"]);
        expect(await migrateToLatest(handle.db as never, sets)).toEqual([]);
      } finally {
        await handle.destroy();
        await drop();
      }
    });
  });

for (const dialect of dialectsAmong(["postgres"]))
  describe(`migrating on ${dialect} while other schemas of the database are created and dropped`, () => {
    it("looks only at its own schema, so another test file dropping its schema never fails the migration", async () => {
      let churning = true;
      let dropped = 0;
      // Other test files finishing: each drops a schema of tables with sequences while this one migrates.
      const churn = async () => {
        while (churning) {
          const schema = `test_churn_${randomBytes(6).toString("hex")}`;
          const tables = Array.from(
            { length: 8 },
            (_, index) => `CREATE TABLE "${schema}"."t${index}" ("id" serial primary key, "name" text);`,
          ).join("");
          await adminStatement(`CREATE SCHEMA "${schema}"; ${tables}`);
          await adminStatement(`DROP SCHEMA "${schema}" CASCADE`);
          dropped += 1;
        }
      };
      const churners = [churn(), churn()];
      try {
        for (let round = 0; round < 5; round += 1) {
          const { handle, drop } = await emptyDatabase(dialect);
          try {
            expect(await migrateToLatest(handle.db as never, sets)).toEqual(everyMigration);
          } finally {
            await handle.destroy();
            await drop();
          }
        }
      } finally {
        churning = false;
        await Promise.all(churners);
      }
      expect(dropped).toBeGreaterThan(0);
    });
  });
