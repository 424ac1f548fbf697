import { serverApplications } from "@applications/serverApplications";
import { seedAddonPermissions } from "@library/server/addons/loadAddons";
import { seedDemoIfEmpty } from "@library/server/app/seedDemo";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import "../tables";

describe.each(testDialects)("qna demo seed (%s)", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    // As at a start with the add-on on: enabled, its permissions granted, then the demo.
    await testApp.context.addons.setEnabled("qna", true, null);
    await seedAddonPermissions(testApp.context.addons, testApp.context.db);
    testApp.context.grants.invalidate();
    await seedDemoIfEmpty(testApp.context);
  });
  afterAll(() => testApp.close());

  it("adds a question with two answers, one accepted", async () => {
    const { db } = testApp.context;
    const question = await db
      .selectFrom("discussions")
      .select(["discussionID", "statusID", "countComments"])
      .where("type", "=", "question")
      .executeTakeFirstOrThrow();
    expect(question).toMatchObject({ statusID: 2, countComments: 2 });
    const answers = await db.selectFrom("qnaAcceptedAnswers").selectAll().execute();
    expect(answers.map((answer) => answer.discussionID)).toEqual([question.discussionID]);
  });
});
