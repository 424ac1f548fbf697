import type { Discussion } from "@forum/api/discussions";
import type { Notification } from "@forum/api/notifications";
import {
  createTestApp,
  testDialects,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../testing/forumTesting";

describe.each(testDialects)("grouped notifications on %s", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let starter: SignedIn;
  let busy: Discussion;
  let quiet: Discussion;
  const commenters: SignedIn[] = [];
  let firstCommentID = 0;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await forumClient(testApp, { role: "Administrator" })).client;
    starter = await forumClient(testApp, { name: "Starter" });
    const categoryID = (await makeCategory(admin, { name: "Busy" })).categoryID;
    busy = await makeDiscussion(starter.client, categoryID, "Busy thread");
    quiet = await makeDiscussion(starter.client, categoryID, "Quiet thread");
    for (const name of ["Ana", "Ben", "Cy", "Dee", "Eve"])
      commenters.push(await forumClient(testApp, { name }));
    for (let round = 0; round < 7; round += 1)
      for (const commenter of commenters) {
        const commentID = await makeComment(commenter.client, busy.discussionID, `Round ${round}`);
        firstCommentID ||= commentID;
      }
    await makeComment(commenters[0]!.client, quiet.discussionID, "Only one here");
  });
  afterAll(() => testApp.close());

  const lines = async (query = "") =>
    (await starter.client.get<Notification[]>(`/api/v2/notifications${query}`)).body;

  it("puts a busy thread's 35 comments on one line naming the newest commenter and the others", async () => {
    const all = await lines();
    expect(all).toHaveLength(2);
    const [quietLine, busyLine] = all;
    expect(quietLine).toMatchObject({ discussionID: quiet.discussionID, count: 1 });
    expect(quietLine?.body).toBe("<b>Ana</b> commented on <b>Quiet thread</b>.");
    expect(busyLine).toMatchObject({ discussionID: busy.discussionID, count: 35, read: false });
    expect(busyLine?.body).toBe("<b>Eve</b> and 4 others commented on <b>Busy thread</b>.");
    // The line leads to the first comment the member has not seen.
    expect(busyLine?.url).toBe(
      `${TEST_ORIGIN}/discussion/comment/${firstCommentID}#Comment_${firstCommentID}`,
    );
    expect(await lines("?shouldBatch=false&limit=100")).toHaveLength(36);
  });

  it("marks the whole line read at once, and later comments start a new line", async () => {
    const unreadCount = async () =>
      (
        await starter.client.get<{ counts: { name: string; count: number }[] }>("/api/v2/users/me-counts")
      ).body.counts.find((count) => count.name === "UnreadNotifications")?.count;
    // The badge counts lines as they are listed: the busy thread once, the quiet one once.
    expect(await unreadCount()).toBe(2);
    const [, busyLine] = await lines();
    const marked = await starter.client.patch<Notification>(
      `/api/v2/notifications/${busyLine?.notificationID ?? 0}`,
      { read: true },
    );
    expect(marked.status).toBe(200);
    expect(marked.body.url).toBe(
      `${TEST_ORIGIN}/discussion/comment/${firstCommentID}#Comment_${firstCommentID}`,
    );
    const counts = await starter.client.get<{ counts: { name: string; count: number }[] }>(
      "/api/v2/users/me-counts",
    );
    expect(counts.body.counts.find((count) => count.name === "UnreadNotifications")?.count).toBe(1);
    await makeComment(commenters[1]!.client, busy.discussionID, "After reading");
    const after = await lines();
    expect(after.map((line) => [line.discussionID, line.count, line.read])).toEqual([
      [busy.discussionID, 1, false],
      [quiet.discussionID, 1, false],
      [busy.discussionID, 35, true],
    ]);
  });

  it("shows the lines on the notifications page, with an Unread filter", async () => {
    const page = await starter.client.get("/notifications");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<b>Eve</b> and 4 others commented on <b>Busy thread</b>.");
    expect(page.text).toContain('aria-current="page">All</a>');
    const unread = await starter.client.get("/notifications?filter=unread");
    expect(unread.text).not.toContain("and 4 others");
    expect(unread.text.match(/class="notificationItem isUnread"/g)).toHaveLength(2);
  });
});
