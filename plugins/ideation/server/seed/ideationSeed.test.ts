import { serverApplications } from "@applications/serverApplications";
import { seedAddonPermissions } from "@library/server/addons/loadAddons";
import { seedDemoIfEmpty } from "@library/server/app/seedDemo";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import "../tables";

describe.each(testDialects)("ideation demo seed (%s)", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    // As at a start with the add-on on: enabled, its permissions granted, then the demo.
    await testApp.context.addons.setEnabled("ideation", true, null);
    await seedAddonPermissions(testApp.context.addons, testApp.context.db);
    testApp.context.grants.invalidate();
    await seedDemoIfEmpty(testApp.context);
  });
  afterAll(() => testApp.close());

  it("adds two ideas with votes, sorted by score", async () => {
    const { db } = testApp.context;
    const ideas = await db
      .selectFrom("discussions")
      .select(["name", "score"])
      .where("type", "=", "idea")
      .orderBy("score", "desc")
      .execute();
    expect(ideas).toEqual([
      { name: "Add a dark theme", score: 3 },
      { name: "A weekly email digest of popular discussions", score: 0 },
    ]);
  });
});
