import type { Comment } from "@forum/api/comments";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumCast, makeCategory, makeComment, makeDiscussion, type SignedIn } from "../testing/forumTesting";

/** Authors' rows are kept between pages (library/server/users/userFragments.ts): a change shows at once. */
describe.each(testDialects)("a change to an author on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  let discussionID: number;

  const authorOnComments = async (reader: SignedIn) => {
    const response = await reader.client.get<Comment[]>(`/api/v2/comments?discussionID=${discussionID}`);
    expect(response.status).toBe(200);
    return response.body.find((comment) => comment.insertUserID === member.user.userID)?.insertUser;
  };
  const page = async () => (await other.client.get(`/discussion/${discussionID}`)).text;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    ({ admin, member, other } = await forumCast(testApp));
    const category = await makeCategory(admin.client, { name: "Talk" });
    discussionID = (await makeDiscussion(admin.client, category.categoryID, "Introductions")).discussionID;
    await makeComment(member.client, discussionID, "Hello everyone");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("shows a member's new name on their posts at once", async () => {
    expect((await authorOnComments(other))?.name).toBe(member.user.name);
    expect(await page()).toContain(member.user.name);
    const renamed = await admin.client.patch(`/api/v2/users/${member.user.userID}`, {
      name: "Renamed Writer",
    });
    expect(renamed.status).toBe(200);
    expect((await authorOnComments(other))?.name).toBe("Renamed Writer");
    expect(await page()).toContain("Renamed Writer");
  });

  it("shows a ban on the member's posts at once", async () => {
    expect((await authorOnComments(other))?.banned).toBe(0);
    const banned = await admin.client.put(`/api/v2/users/${member.user.userID}/ban`, { banned: true });
    expect(banned.status).toBe(200);
    expect((await authorOnComments(other))?.banned).toBe(1);
    await admin.client.put(`/api/v2/users/${member.user.userID}/ban`, { banned: false });
    expect((await authorOnComments(other))?.banned).toBe(0);
  });

  it("shows what another server process changed once its names arrive", async () => {
    expect((await authorOnComments(other))?.title).toBeNull();
    await testApp.context.db
      .updateTable("users")
      .set({ title: "Gardener" })
      .where("userID", "=", member.user.userID)
      .execute();
    // Another process's write: its names reach this one through the cache layer's transport.
    testApp.context.caches.received([`user:${member.user.userID}`]);
    expect((await authorOnComments(other))?.title).toBe("Gardener");
  });
});
