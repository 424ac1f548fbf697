import { idAfterDeletingNewest, type RowMaker } from "../testing/idReuse";
import { createTestApp, testDialects, type TestApp } from "../testing/testApp";

const NOW = "2027-01-10T09:00:00.000Z";

/** The core tables whose rows are deleted for good while clients may still hold their ids. */
const TABLES: { table: string; idColumn: string; makeRow: RowMaker }[] = [
  {
    table: "notifications",
    idColumn: "notificationID",
    makeRow: (n) => ({
      userID: 1,
      activityType: "test",
      recordType: "test",
      recordID: n,
      url: "/",
      body: `Notification ${n}`,
      dateInserted: NOW,
      dateUpdated: NOW,
    }),
  },
  {
    table: "jobs",
    idColumn: "jobID",
    makeRow: () => ({
      name: "test.finished",
      owner: "core",
      payload: "{}",
      status: "done",
      maxAttempts: 1,
      runAt: NOW,
      dateInserted: NOW,
      dateUpdated: NOW,
    }),
  },
  { table: "roles", idColumn: "roleID", makeRow: (n) => ({ name: `Id test role ${n}` }) },
];

describe.each(testDialects)("core ids on %s", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, []);
  });
  afterAll(() => testApp.close());

  it.each(TABLES)("never gives a deleted $idColumn to a new row", async ({ table, idColumn, makeRow }) => {
    const { deleted, next } = await idAfterDeletingNewest(testApp.context.db, table, idColumn, makeRow);
    expect(next).toBeGreaterThan(deleted);
  });
});
