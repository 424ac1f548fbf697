import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import type { Notification, NotificationPreferences } from "@forum/api/notifications";
import type { Me, MeCounts } from "@forum/api/users";
import {
  createTestApp,
  sitePath,
  testDialects,
  TEST_ORIGIN,
  type TestApp,
} from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  makePrivateCategory,
  type SignedIn,
} from "../testing/forumTesting";

const NO_ACCESS = "You do not have access to the notification(s).";

/** A rich2 paragraph of text followed by mention nodes. */
function withMentions(text: string, names: readonly string[]): string {
  return JSON.stringify([
    {
      type: "p",
      children: [
        { text },
        ...names.map((name) => ({ type: "mention", name, children: [{ text: "" }] })),
        { text: "" },
      ],
    },
  ]);
}

describe.each(testDialects)("notifications on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let author: SignedIn;
  let replier: SignedIn;
  let participant: SignedIn;
  let bookmarker: SignedIn;
  let general: Category;
  let secret: Category;

  const notificationsOf = async (who: SignedIn, query = "") => {
    const response = await who.client.get<Notification[]>(`/api/v2/notifications${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };

  const unreadCount = async (who: SignedIn) => {
    const counts = await who.client.get<MeCounts>("/api/v2/users/me-counts");
    return counts.body.counts.find((count) => count.name === "UnreadNotifications")?.count;
  };

  const bookmark = async (who: SignedIn, discussionID: number) => {
    await testApp.context.db
      .insertInto("userDiscussions")
      .values({
        userID: who.user.userID,
        discussionID,
        bookmarked: 1,
        dismissed: 0,
        muted: 0,
        dateLastViewed: null,
        countCommentsRead: 0,
      })
      .execute();
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = await forumClient(testApp, { role: "Administrator" });
    author = await forumClient(testApp);
    replier = await forumClient(testApp);
    participant = await forumClient(testApp);
    bookmarker = await forumClient(testApp);
    general = await makeCategory(admin.client, { name: "Notify General" });
    secret = await makePrivateCategory(testApp, admin.client, "Notify Secret", ["Member"]);
  });
  afterAll(async () => {
    await testApp.close();
  });

  describe("triggers", () => {
    let thread: Discussion;
    let commentID: number;

    beforeAll(async () => {
      thread = await makeDiscussion(author.client, general.categoryID, "Trigger thread");
      await makeComment(participant.client, thread.discussionID, "I was here first");
      await bookmark(bookmarker, thread.discussionID);
      commentID = await makeComment(replier.client, thread.discussionID, "A reply");
    });

    it("notifies the discussion author of a comment ('Comment')", async () => {
      const [latest] = await notificationsOf(author, "?shouldBatch=false");
      expect(latest).toMatchObject({
        activityType: "Comment",
        recordType: "comment",
        recordID: commentID,
        discussionID: thread.discussionID,
        url: `${TEST_ORIGIN}/discussion/comment/${commentID}#Comment_${commentID}`,
        read: false,
        count: 1,
      });
      expect(latest?.body).toBe(`<b>${replier.user.name}</b> commented on <b>Trigger thread</b>.`);
      expect(latest?.readUrl).toBe(`${TEST_ORIGIN}/notifications/${latest?.notificationID}/read`);
    });

    it("notifies earlier commenters and bookmarkers ('Participated') but never the commenter", async () => {
      expect((await notificationsOf(participant))[0]).toMatchObject({
        activityType: "Participated",
        recordID: commentID,
      });
      expect((await notificationsOf(bookmarker))[0]).toMatchObject({
        activityType: "Participated",
        recordID: commentID,
      });
      expect(await notificationsOf(replier)).toEqual([]);
    });

    it("notifies a mention once per comment, even when the member also qualifies otherwise", async () => {
      const response = await replier.client.post<{ commentID: number }>("/api/v2/comments", {
        discussionID: thread.discussionID,
        body: withMentions("Hello ", [author.user.name, author.user.name, replier.user.name]),
        format: "rich2",
      });
      expect(response.status).toBe(201);
      const forComment = (await notificationsOf(author)).filter(
        (item) => item.recordID === response.body.commentID,
      );
      expect(forComment).toHaveLength(1);
      expect(forComment[0]).toMatchObject({ activityType: "Mention" });
      expect(forComment[0]?.body).toContain("mentioned you in");
      expect(await notificationsOf(replier)).toEqual([]);
    });

    it("notifies a mention in a new discussion", async () => {
      const discussion = await makeDiscussion(replier.client, general.categoryID, "Mention thread", {
        body: withMentions("Look ", [participant.user.name]),
      });
      expect((await notificationsOf(participant))[0]).toMatchObject({
        activityType: "Mention",
        recordType: "discussion",
        recordID: discussion.discussionID,
      });
    });

    it("notifies nobody who cannot view the category", async () => {
      const hidden = await makeDiscussion(admin.client, secret.categoryID, "Hidden thread");
      await bookmark(bookmarker, hidden.discussionID);
      const before = (await notificationsOf(bookmarker)).length;
      await admin.client.post("/api/v2/comments", {
        discussionID: hidden.discussionID,
        body: withMentions("Psst ", [participant.user.name, bookmarker.user.name]),
        format: "rich2",
      });
      expect(await notificationsOf(bookmarker)).toHaveLength(before);
      const mentions = (await notificationsOf(participant)).filter(
        (item) => item.discussionID === hidden.discussionID,
      );
      expect(mentions).toEqual([]);
    });
  });

  describe("reading and marking", () => {
    let member: SignedIn;
    let other: SignedIn;
    let thread: Discussion;

    beforeAll(async () => {
      member = await forumClient(testApp);
      other = await forumClient(testApp);
      thread = await makeDiscussion(member.client, general.categoryID, "Paged thread");
      for (let index = 0; index < 5; index += 1)
        await makeComment(other.client, thread.discussionID, `Reply ${index}`);
    });

    it("lists newest first with a 'more' pager", async () => {
      const first = await member.client.get<Notification[]>(
        "/api/v2/notifications?limit=2&shouldBatch=false",
      );
      expect(first.status).toBe(200);
      expect(first.body).toHaveLength(2);
      expect(first.headers["x-app-page-next-url"]).toContain("page=2");
      expect(first.headers["x-app-page-result-count"]).toBeUndefined();
      const ids = (await notificationsOf(member, "?shouldBatch=false")).map((item) => item.notificationID);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(first.body.map((item) => item.notificationID)).toEqual(ids.slice(0, 2));
      const last = await member.client.get<Notification[]>(
        "/api/v2/notifications?limit=2&page=3&shouldBatch=false",
      );
      expect(last.body).toHaveLength(1);
      expect(last.headers["x-app-page-next-url"]).toBeUndefined();
    });

    it("expands the discussion", async () => {
      const [item] = await notificationsOf(member, "?expand=discussion&limit=1");
      expect(item?.discussion).toMatchObject({
        discussionID: thread.discussionID,
        name: "Paged thread",
        categoryID: general.categoryID,
      });
    });

    it("leaves out a discussion the reader can no longer view (moved to a staff category and renamed)", async () => {
      const moved = await makeDiscussion(member.client, general.categoryID, "Soon elsewhere");
      await makeComment(other.client, moved.discussionID, "A reply before the move");
      const patched = await admin.client.patch(`/api/v2/discussions/${moved.discussionID}`, {
        categoryID: secret.categoryID,
        name: "Staff only name",
      });
      expect(patched.status).toBe(200);
      const list = await member.client.get<Notification[]>("/api/v2/notifications?expand=discussion");
      const item = list.body.find((notification) => notification.discussionID === moved.discussionID);
      expect(item).toBeDefined();
      expect(item?.discussion).toBeUndefined();
      expect(list.text).not.toContain("Staff only name");
      const one = await member.client.get<Notification>(
        `/api/v2/notifications/${item?.notificationID ?? 0}?expand=all`,
      );
      expect(one.status).toBe(200);
      expect(one.body.discussion).toBeUndefined();
      expect(one.text).not.toContain("Staff only name");
      expect(one.text).not.toContain(`"categoryID":${secret.categoryID}`);
    });

    it("gets one, and refuses another member's with 403", async () => {
      const [item] = await notificationsOf(member);
      const own = await member.client.get<Notification>(`/api/v2/notifications/${item?.notificationID}`);
      expect(own.status).toBe(200);
      expect(own.body.notificationID).toBe(item?.notificationID);
      const foreign = await other.client.get(`/api/v2/notifications/${item?.notificationID}`);
      expect(foreign.status).toBe(403);
      expect(foreign.body).toMatchObject({ message: NO_ACCESS, status: 403 });
      expect((await member.client.get("/api/v2/notifications/999999")).status).toBe(404);
    });

    it("never lets a member change another's notifications", async () => {
      const [item] = await notificationsOf(member);
      const id = item?.notificationID ?? 0;
      const patched = await other.client.patch(`/api/v2/notifications/${id}`, { read: true });
      expect(patched.status).toBe(403);
      expect(patched.body).toMatchObject({ message: NO_ACCESS });
      expect((await other.client.put(`/api/v2/notifications/${id}/read`)).status).toBe(403);
      await other.client.patch("/api/v2/notifications", { read: true });
      const after = await member.client.get<Notification>(`/api/v2/notifications/${id}`);
      expect(after.body.read).toBe(false);
    });

    it("marks a line read with PATCH and with the PUT alias (a grouped thread at once)", async () => {
      const mentionThread = await makeDiscussion(other.client, general.categoryID, "Two single lines");
      for (const text of ["Hello ", "Again "])
        await other.client.post("/api/v2/comments", {
          discussionID: mentionThread.discussionID,
          body: withMentions(text, [member.user.name]),
          format: "rich2",
        });
      const before = (await unreadCount(member)) ?? 0;
      const [first, second] = (await notificationsOf(member)).filter(
        (item) => item.activityType === "Mention",
      );
      const patched = await member.client.patch<Notification>(
        `/api/v2/notifications/${first?.notificationID}`,
        { read: true },
      );
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ notificationID: first?.notificationID, read: true });
      const put = await member.client.put<Notification>(
        `/api/v2/notifications/${second?.notificationID}/read`,
      );
      expect(put.status).toBe(200);
      expect(put.body.read).toBe(true);
      expect(await unreadCount(member)).toBe(before - 2);
    });

    it("refuses read: false with 422 and changes nothing", async () => {
      const [item] = await notificationsOf(member);
      const one = await member.client.patch(`/api/v2/notifications/${item?.notificationID}`, { read: false });
      expect(one.status).toBe(422);
      const all = await member.client.patch("/api/v2/notifications", { read: false });
      expect(all.status).toBe(422);
      expect(all.body).toMatchObject({ message: "Validation Failed", status: 422 });
      expect(await unreadCount(member)).toBeGreaterThan(0);
    });

    it("marks all read: every notification read, count 0 in me-counts and /users/me", async () => {
      expect(await unreadCount(member)).toBeGreaterThan(0);
      const response = await member.client.patch("/api/v2/notifications", { read: true });
      expect(response.status).toBe(204);
      expect(response.text).toBe("");
      expect((await notificationsOf(member, "?limit=100")).every((item) => item.read)).toBe(true);
      expect(await unreadCount(member)).toBe(0);
      const me = await member.client.get<Me>("/api/v2/users/me");
      expect(me.body.countUnreadNotifications).toBe(0);
      expect(await unreadCount(other)).toBeGreaterThanOrEqual(0);
    });

    it("refuses guests with 403", async () => {
      const guest = testApp.guest();
      expect((await guest.get("/api/v2/notifications")).status).toBe(403);
      expect((await guest.get("/api/v2/notifications/1")).status).toBe(403);
      expect((await guest.patch("/api/v2/notifications/1", { read: true })).status).toBe(403);
      expect((await guest.patch("/api/v2/notifications", { read: true })).status).toBe(403);
      expect((await guest.get("/api/v2/notifications/preferences")).status).toBe(403);
      expect((await guest.get("/api/v2/notifications/stream")).status).toBe(403);
    });
  });

  describe("preferences", () => {
    it("defaults to popup on and email for replies in one's own discussions, and follows a change", async () => {
      const member = await forumClient(testApp);
      const commenter = await forumClient(testApp);
      const defaults = await member.client.get<NotificationPreferences>("/api/v2/notifications/preferences");
      expect(defaults.status).toBe(200);
      expect(defaults.body.Comment).toEqual({ popup: true, email: true });
      expect(defaults.body.Participated).toEqual({ popup: true, email: false });
      const patched = await member.client.patch<NotificationPreferences>(
        "/api/v2/notifications/preferences",
        {
          Comment: { popup: false, email: true },
        },
      );
      expect(patched.status).toBe(200);
      expect(patched.body.Comment).toEqual({ popup: false, email: true });
      expect(patched.body.Mention).toEqual({ popup: true, email: true });

      const thread = await makeDiscussion(member.client, general.categoryID, "Quiet thread");
      await makeComment(commenter.client, thread.discussionID, "Hello");
      expect(await notificationsOf(member)).toEqual([]);
      const mail = await testApp.context.db
        .selectFrom("mailOutbox")
        .selectAll()
        .where("to", "=", member.user.email)
        .execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]?.subject).toBe(`${commenter.user.name} commented on Quiet thread.`);
      expect(mail[0]?.bodyText).toContain(`/discussion/comment/`);
    });
  });

  describe("page", () => {
    it("lists a member's notifications with links, marks all read from the form, and signs guests in", async () => {
      const member = await forumClient(testApp);
      const commenter = await forumClient(testApp);
      const thread = await makeDiscussion(member.client, general.categoryID, "Page <thread>");
      await makeComment(commenter.client, thread.discussionID, "Hi");
      const cookie = `forum_session=${member.client.cookie}`;
      const page = await testApp.app.inject({
        url: "/notifications",
        headers: { host: "localhost:80", cookie },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Mark All Read");
      expect(page.body).toContain("<b>Page &lt;thread&gt;</b>");
      const [item] = await notificationsOf(member);
      expect(page.body).toContain(`href="/notifications/${item?.notificationID}/read"`);

      const follow = await testApp.app.inject({
        url: `/notifications/${item?.notificationID}/read`,
        headers: { host: "localhost:80", cookie },
      });
      expect(follow.statusCode).toBe(302);
      expect(follow.headers.location).toBe(sitePath(item?.url ?? ""));
      expect((await notificationsOf(member))[0]?.read).toBe(true);

      await makeComment(commenter.client, thread.discussionID, "Again");
      expect(await unreadCount(member)).toBe(1);
      const marked = await testApp.app.inject({
        method: "POST",
        url: "/notifications/markAllRead",
        headers: { host: "localhost:80", cookie, origin: "http://localhost:80" },
      });
      expect(marked.statusCode).toBe(303);
      expect(await unreadCount(member)).toBe(0);

      const guest = await testApp.app.inject({ url: "/notifications", headers: { host: "localhost:80" } });
      expect(guest.statusCode).toBe(302);
      expect(guest.headers.location).toContain("/entry/signin");
    });
  });
});
