import type { Category } from "@forum/api/categories";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../testing/forumTesting";

describe.each(testDialects)("change log pages on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let moderator: SignedIn;
  let general: Category;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = await forumClient(testApp, { role: "Administrator" });
    member = await forumClient(testApp);
    moderator = await forumClient(testApp, { role: "Moderator" });
    general = await makeCategory(admin.client, { name: "General" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("serves Revision History and Deleted Comments to moderators, readable without JavaScript", async () => {
    const post = await makeDiscussion(member.client, general.categoryID, "Paged thread");
    await member.client.patch(`/api/v2/discussions/${post.discussionID}`, { name: "Renamed thread" });
    const comment = await makeComment(member.client, post.discussionID);
    expect((await moderator.client.delete(`/api/v2/comments/${comment}`)).status).toBe(204);

    const history = await moderator.client.get(
      `/log/filter?recordType=discussion&recordID=${post.discussionID}`,
    );
    expect(history.status).toBe(200);
    expect(history.text).toContain('<h1 class="listPage-title">Revision History</h1>');
    expect(history.text).toContain('data-react="ChangeLogList"');
    expect(history.text).toContain(`Edited · ${member.user.name} · `);
    const deleted = await moderator.client.get(
      `/log/filter?parentRecordID=${post.discussionID}&recordType=comment&operation=delete`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.text).toContain('<h1 class="listPage-title">Deleted Comments</h1>');
    expect(deleted.text).toContain(`Deleted · ${moderator.user.name} · `);

    expect(
      (await member.client.get(`/log/filter?recordType=discussion&recordID=${post.discussionID}`)).status,
    ).toBe(403);
    expect((await moderator.client.get("/log/filter?recordType=discussion&recordID=x")).status).toBe(404);
    expect((await moderator.client.get("/log/filter?recordType=discussion&recordID=999999")).status).toBe(
      404,
    );
  });
});
