import { serverApplications } from "@applications/serverApplications";
import { makeCategory, makeComment, makeDiscussion } from "../testing/forumTesting";
import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { UserFragment } from "@forum/api/users";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";

/**
 * A member deleted with "Keep their posts": the posts stay, shown as the SPEC 3 placeholder 'User Deleted'
 * (what the dashboard's dialog promises), with no link to a profile that no longer exists.
 */
describe.each(testDialects)("posts of a deleted member on %s", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let reader: TestClient;
  let discussionID: number;
  let deletedUserID: number;
  const formerName = "Zelda Quill";

  const expectPlaceholder = (user: UserFragment | undefined) =>
    expect(user).toMatchObject({ userID: deletedUserID, name: "User Deleted", url: "" });

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    reader = (await sessionClient(testApp, { name: "Reader" })).client;
    const author = await sessionClient(testApp, { name: formerName });
    deletedUserID = author.user.userID;
    const category = await makeCategory(admin, { name: "Garden" });
    discussionID = (await makeDiscussion(author.client, category.categoryID, "Compost questions"))
      .discussionID;
    await makeComment(author.client, discussionID, "Mine is too wet.");
    const removed = await admin.delete(`/api/v2/users/${deletedUserID}`, { deleteMethod: "keep" });
    expect(removed.status).toBe(204);
  });
  afterAll(() => testApp.close());

  it("names the author 'User Deleted' without a profile URL in API answers", async () => {
    const discussion = await reader.get<Discussion>(`/api/v2/discussions/${discussionID}?expand=all`);
    expect(discussion.status).toBe(200);
    expectPlaceholder(discussion.body.insertUser);
    expectPlaceholder(discussion.body.lastUser ?? undefined);
    const list = await reader.get<Discussion[]>("/api/v2/discussions?expand=insertUser");
    expectPlaceholder(list.body.find((row) => row.discussionID === discussionID)?.insertUser);
    const comments = await reader.get<Comment[]>(
      `/api/v2/comments?discussionID=${discussionID}&expand=insertUser`,
    );
    expect(comments.body).toHaveLength(1);
    expectPlaceholder(comments.body[0]?.insertUser);
    for (const text of [discussion.text, list.text, comments.text]) {
      expect(text).not.toContain(formerName);
      expect(text).not.toContain("/profile/");
    }
  });

  it("shows 'User Deleted' as plain text, linking nowhere, on the server's pages", async () => {
    for (const path of [`/discussion/${discussionID}`, "/discussions", "/categories/garden"]) {
      const page = await reader.get(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<span class="userName">User Deleted</span>');
      expect(page.text).not.toContain(">User Deleted</a>");
      expect(page.text).not.toContain("/profile/Unknown");
      expect(page.text).not.toContain(formerName);
    }
  });

  it("names an author id without any account 'Unknown', also without a profile URL", async () => {
    // A record whose author row is gone altogether (e.g. imported content): the other placeholder.
    const comment = await reader.get<Comment[]>(`/api/v2/comments?discussionID=${discussionID}`);
    const commentID = comment.body[0]?.commentID ?? 0;
    await testApp.context.db
      .updateTable("comments")
      .set({ insertUserID: 999999 })
      .where("commentID", "=", commentID)
      .execute();
    const answer = await reader.get<Comment>(`/api/v2/comments/${commentID}?expand=insertUser`);
    expect(answer.body.insertUser).toMatchObject({ userID: 999999, name: "Unknown", url: "" });
  });
});
