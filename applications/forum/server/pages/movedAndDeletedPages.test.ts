import type { ChangeLogEntry } from "@forum/api/changeLog";
import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import { createTestApp, sitePath, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumCast,
  makeCategory,
  makeComment,
  makeDiscussion,
  makePrivateCategory,
  type SignedIn,
} from "../testing/forumTesting";

describe.each(testDialects)("moved and deleted discussion pages on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let moderator: SignedIn;
  let general: Category;
  let news: Category;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    ({ admin, member, moderator } = await forumCast(testApp));
    general = await makeCategory(admin.client, { name: "General" });
    news = await makeCategory(admin.client, { name: "News" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const page = (client: SignedIn["client"] | null, path: string) =>
    testApp.app.inject({
      url: path,
      headers: {
        host: "localhost:80",
        ...(client?.cookie ? { cookie: `forum_session=${client.cookie}` } : {}),
      },
    });

  it("a redirect left by a move leads to the moved discussion (301); the discussion keeps its address", async () => {
    const thread = await makeDiscussion(member.client, general.categoryID, "Moving house");
    await moderator.client.patch(`/api/v2/discussions/${thread.discussionID}`, {
      categoryID: news.categoryID,
      addRedirects: true,
    });
    const inGeneral = (
      await member.client.get<Discussion[]>(`/api/v2/discussions?categoryID=${general.categoryID}`)
    ).body;
    const stub = inGeneral.find((row) => row.type === "redirect");
    if (!stub) throw new Error("No redirect was left.");
    const redirected = await page(member.client, sitePath(stub.url));
    expect(redirected.statusCode).toBe(301);
    expect(redirected.headers.location).toBe(`/discussion/${thread.discussionID}`);
    const moved = await page(member.client, redirected.headers.location as string);
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain("Moving house");
    expect((await page(member.client, sitePath(thread.url))).statusCode).toBe(200);
  });

  it("a deleted discussion is 410 Gone in the API and a friendly page; moderators get the way to restore it", async () => {
    const doomed = await makeDiscussion(member.client, general.categoryID, "Soon gone");
    const reply = await makeComment(member.client, doomed.discussionID, "A reply");
    expect((await moderator.client.delete(`/api/v2/discussions/${doomed.discussionID}`)).status).toBe(204);

    const api = await member.client.get(`/api/v2/discussions/${doomed.discussionID}`);
    expect(api.status).toBe(410);
    expect(api.body).toEqual({
      message: "Discussion has been deleted.",
      status: 410,
      operation: "Delete",
      logID: expect.any(Number),
    });
    expect((await member.client.get(`/api/v2/comments/${reply}`)).status).toBe(410);
    expect((await member.client.get(`/api/v2/comments?discussionID=${doomed.discussionID}`)).status).toBe(
      410,
    );
    expect((await member.client.get("/api/v2/discussions/99999999")).status).toBe(404);

    const readerPage = await page(member.client, sitePath(doomed.url));
    expect(readerPage.statusCode).toBe(410);
    expect(readerPage.body).toContain("This discussion has been deleted.");
    expect(readerPage.body).not.toContain("Soon gone");
    expect(readerPage.body).not.toContain("/log/filter");
    const guestPage = await page(null, sitePath(doomed.url));
    expect(guestPage.statusCode).toBe(410);

    const moderatorPage = await page(moderator.client, sitePath(doomed.url));
    expect(moderatorPage.statusCode).toBe(410);
    const restoreLink = `/log/filter?recordType=discussion&amp;recordID=${doomed.discussionID}`;
    expect(moderatorPage.body).toContain(restoreLink);

    // Restoring (as the change log page does) brings the page back for everyone.
    const log = await moderator.client.get<ChangeLogEntry[]>(
      `/api/v2/log?recordType=discussion&recordID=${doomed.discussionID}`,
    );
    const entry = log.body.find((item) => item.logID === (api.body as { logID: number }).logID);
    if (!entry) throw new Error("The 410's logID is not in the change log.");
    expect((await moderator.client.post(`/api/v2/log/${entry.logID}/restore`)).status).toBe(204);
    expect((await page(member.client, sitePath(doomed.url))).statusCode).toBe(200);
    expect((await member.client.get(`/api/v2/comments/${reply}`)).status).toBe(200);
  });

  it("a deleted comment's permalink and API answer 410; a hidden category stays 403", async () => {
    const thread = await makeDiscussion(member.client, general.categoryID, "Comment host");
    const reply = await makeComment(member.client, thread.discussionID, "Short-lived");
    expect((await moderator.client.delete(`/api/v2/comments/${reply}`)).status).toBe(204);
    const api = await member.client.get(`/api/v2/comments/${reply}`);
    expect(api.status).toBe(410);
    expect(api.body).toMatchObject({ message: "Comment has been deleted.", operation: "Delete" });
    const permalink = await page(member.client, `/discussion/comment/${reply}`);
    expect(permalink.statusCode).toBe(410);
    expect(permalink.body).toContain("This comment has been deleted.");
    const forModerator = await page(moderator.client, `/discussion/comment/${reply}`);
    expect(forModerator.body).toContain(
      `/log/filter?parentRecordID=${thread.discussionID}&amp;recordType=comment&amp;operation=delete`,
    );
    expect((await page(member.client, "/discussion/comment/99999999")).statusCode).toBe(404);

    const secret = await makePrivateCategory(testApp, admin.client, "Staff Lounge");
    const hidden = await makeDiscussion(admin.client, secret.categoryID, "Staff secret");
    await admin.client.delete(`/api/v2/discussions/${hidden.discussionID}`);
    expect((await member.client.get(`/api/v2/discussions/${hidden.discussionID}`)).status).toBe(403);
    expect((await page(member.client, sitePath(hidden.url))).statusCode).toBe(403);
  });

  it("gives the options menu only the items the viewer may use", async () => {
    const thread = await makeDiscussion(member.client, general.categoryID, "Options host");
    const optionsOf = async (client: SignedIn["client"]) => {
      const html = (await page(client, sitePath(thread.url))).body;
      const match = /data-react="DiscussionOptionsMenu" data-props='([^']*)'/.exec(html);
      if (!match?.[1]) return null;
      const json = match[1].replace(/&lt;/g, "<").replace(/&#39;/g, "'").replace(/&amp;/g, "&");
      return JSON.parse(json) as { can: Record<string, boolean>; postTypes: Array<{ type: string }> };
    };
    const forModerator = await optionsOf(moderator.client);
    expect(forModerator?.can).toMatchObject({
      announce: true,
      move: true,
      changeType: true,
      changeAuthor: false,
      bump: true,
      mute: true,
      dismiss: false,
      log: true,
    });
    expect(forModerator?.postTypes.map((type) => type.type)).toEqual(["discussion"]);
    expect((await optionsOf(admin.client))?.can).toMatchObject({ changeAuthor: true, collections: true });
    const forOther = await optionsOf((await forumCast(testApp)).other.client);
    expect(forOther?.can).toMatchObject({
      announce: false,
      move: false,
      changeType: false,
      changeAuthor: false,
      bump: false,
      mute: true,
      collections: false,
    });
  });
});
