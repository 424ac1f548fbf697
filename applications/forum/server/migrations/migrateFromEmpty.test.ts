import { serverApplications } from "@applications/serverApplications";
import { migrationSets } from "@library/server/app/buildApp";
import { migrateToLatest } from "@library/server/db/migrate";
import { emptyDatabase, migrationTableNames } from "@library/server/testing/emptyDatabase";
import { testDialects } from "@library/server/testing/testApp";

// API tests open a copy of a database migrated once per run: this test keeps every migration of the core and the
// core applications tested from an empty database, on every dialect.
const sets = migrationSets(serverApplications);
const everyMigration = sets.flatMap((set) =>
  Object.keys(set.migrations)
    .sort()
    .map((name) => `${set.owner}/${name}`),
);

for (const dialect of testDialects)
  describe(`migrating an empty ${dialect} database with the core applications`, () => {
    it("applies every migration of every owner once, in order, then finds nothing to do", async () => {
      const { handle, drop } = await emptyDatabase(dialect);
      try {
        expect(await migrateToLatest(handle.db as never, sets)).toEqual(everyMigration);
        expect(await migrationTableNames(handle)).toEqual(
          sets.flatMap((set) => [`migrations_${set.owner}`, `migrations_${set.owner}_lock`]).sort(),
        );
        expect(await migrateToLatest(handle.db as never, sets)).toEqual([]);
      } finally {
        await handle.destroy();
        await drop();
      }
    });
  });
