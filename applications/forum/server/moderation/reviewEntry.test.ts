import type { MeCounts } from "@forum/api/users";
import { serverApplications } from "@applications/serverApplications";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { forumCast, makeCategory, makeComment, makeDiscussion, type SignedIn } from "../testing/forumTesting";

describe.each(testDialects)("the moderators' Review entry on %s", (dialect) => {
  let testApp: TestApp;
  let cast: Awaited<ReturnType<typeof forumCast>>;
  let commentID: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    cast = await forumCast(testApp);
    const category = await makeCategory(cast.admin.client, { name: "Reviewed" });
    const discussionID = (await makeDiscussion(cast.other.client, category.categoryID, "Review me"))
      .discussionID;
    commentID = await makeComment(cast.other.client, discussionID, "Words to review");
  });
  afterAll(() => testApp.close());

  const queueCount = async (who: SignedIn) =>
    (await who.client.get<MeCounts>("/api/v2/users/me-counts")).body.counts.find(
      (count) => count.name === "ModerationQueue",
    )?.count;

  it("shows moderators Review with the open items, leading to the queue; members never see it", async () => {
    expect(await queueCount(cast.moderator)).toBe(0);
    const report = await cast.member.client.post("/api/v2/reports", {
      recordType: "comment",
      recordID: commentID,
      reason: "spam",
    });
    expect(report.status).toBe(201);
    expect(await queueCount(cast.moderator)).toBe(1);
    expect(await queueCount(cast.member)).toBe(0);
    const moderatorPage = (await cast.moderator.client.get("/")).text;
    expect(moderatorPage).toContain(
      '"key":"review","label":"Review","href":"/dashboard/content/reports","component":null,"panelComponent":null,"countName":"ModerationQueue"',
    );
    expect((await cast.member.client.get("/")).text).not.toContain('"key":"review"');
    expect((await testApp.guest().get("/")).text).not.toContain('"key":"review"');
  });
});
