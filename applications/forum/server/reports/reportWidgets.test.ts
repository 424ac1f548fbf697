import { serverApplications } from "@applications/serverApplications";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { forumCast, makeCategory, makeComment, makeDiscussion, type SignedIn } from "../testing/forumTesting";

describe.each(testDialects)("report controls on the discussion page (%s)", (dialect) => {
  let testApp: TestApp;
  let cast: { admin: SignedIn; member: SignedIn; other: SignedIn; moderator: SignedIn };
  let discussionID: number;
  let commentID: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    cast = await forumCast(testApp);
    const category = await makeCategory(cast.admin.client, { name: "Talk" });
    discussionID = (await makeDiscussion(cast.other.client, category.categoryID, "Reported thread"))
      .discussionID;
    commentID = await makeComment(cast.other.client, discussionID, "Reported words");
  });
  afterAll(() => testApp.close());

  const page = async (who: SignedIn) => (await who.client.get(`/discussion/${discussionID}`)).text;

  it("offers Report to members on others' posts, not on their own, and never to guests", async () => {
    expect(await page(cast.member)).toContain('"canReport":true');
    expect(await page(cast.member)).toContain('"report":true');
    expect(await page(cast.other)).not.toContain('"canReport":true');
    expect((await testApp.guest().get(`/discussion/${discussionID}`)).text).not.toContain('"canReport"');
  });

  it("shows moderators the count of open reports with the link to them; the icon button follows the flag", async () => {
    await cast.member.client.post("/api/v2/reports", {
      recordType: "comment",
      recordID: commentID,
      reason: "spam",
    });
    const html = await page(cast.moderator);
    expect(html).toContain('"countReports":1');
    expect(html).toContain(
      `"reportsUrl":"/dashboard/content/reports?statuses=none&amp;recordType=comment&amp;recordID=${commentID}"`,
    );
    expect(await page(cast.member)).not.toContain('"countReports"');
    expect(await page(cast.member)).toContain('"iconButton":false');
    await cast.admin.client.patch("/api/v2/config", { "featureFlags.escalations.Enabled": true });
    expect(await page(cast.member)).toContain('"iconButton":true');
  });
});
