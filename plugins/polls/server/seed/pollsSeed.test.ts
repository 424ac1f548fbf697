import { serverApplications } from "@applications/serverApplications";
import { seedAddonPermissions } from "@library/server/addons/loadAddons";
import { seedDemoIfEmpty } from "@library/server/app/seedDemo";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import "../tables";

describe.each(testDialects)("polls demo seed (%s)", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    // As at a start with the add-on on: enabled, its permissions granted, then the demo.
    await testApp.context.addons.setEnabled("polls", true, null);
    await seedAddonPermissions(testApp.context.addons, testApp.context.db);
    testApp.context.grants.invalidate();
    await seedDemoIfEmpty(testApp.context);
  });
  afterAll(() => testApp.close());

  it("adds a poll in General with a vote from each demo member", async () => {
    const { db } = testApp.context;
    const poll = await db
      .selectFrom("discussions")
      .select(["discussionID", "postTypeID"])
      .where("postTypeID", "=", "poll")
      .executeTakeFirstOrThrow();
    const ballots = await db
      .selectFrom("pollBallots")
      .selectAll()
      .where("discussionID", "=", poll.discussionID)
      .execute();
    expect(ballots).toHaveLength(4);
    const poll2 = await testApp
      .guest()
      .get<{ countVoters: number; question: string }>(`/api/v2/polls/${poll.discussionID}`);
    expect(poll2.body).toMatchObject({ question: "Which day suits you best?", countVoters: 4 });
  });
});
