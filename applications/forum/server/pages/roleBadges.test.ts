import type { Discussion } from "@forum/api/discussions";
import { roleIDByName } from "@library/server/testing/factories";
import { createTestApp, sitePath, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../testing/forumTesting";

/** The staff badges beside the authors' names on a page, in order. */
const badgesOn = (page: string) =>
  [...page.matchAll(/<span class="metaBadge post-roleBadge">([^<]*)<\/span>/g)].map((match) => match[1]);

const READS_BADGES = /from "userRoles" inner join "roles"/;

describe.each(testDialects)("staff role badges on posts on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let writer: SignedIn;
  let reader: SignedIn;
  let discussion: Discussion;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = await forumClient(testApp, { role: "Administrator" });
    writer = await forumClient(testApp, { name: "BadgeWriter" });
    reader = await forumClient(testApp);
    const category = await makeCategory(admin.client, { name: "Badges" });
    discussion = await makeDiscussion(writer.client, category.categoryID, "Who is staff here");
    await makeComment(admin.client, discussion.discussionID, "From the staff");
    await makeComment(writer.client, discussion.discussionID, "From a member");
  });
  afterAll(() => testApp.close());

  const page = async () => {
    const response = await reader.client.get(sitePath(discussion.url));
    expect(response.status).toBe(200);
    return response.text;
  };

  it("shows the staff's badge and keeps the badges in memory between pages", async () => {
    expect(badgesOn(await page())).toEqual(["Administrator"]);
    const statements = await testApp.statementsOf(() => reader.client.get(`${sitePath(discussion.url)}?a=1`));
    expect(statements.filter((sql) => READS_BADGES.test(sql))).toEqual([]);
  });

  it("shows a member's new staff role on the next page once the change is acknowledged", async () => {
    expect(badgesOn(await page())).toEqual(["Administrator"]);
    const moderator = await roleIDByName(testApp.context, "Moderator");
    const patched = await admin.client.patch(`/api/v2/users/${writer.user.userID}`, { roleID: [moderator] });
    expect(patched.status).toBe(200);
    // The discussion's author and the comment's: both the writer's posts now carry the badge.
    expect(badgesOn(await page())).toEqual(["Moderator", "Administrator", "Moderator"]);
  });
});
