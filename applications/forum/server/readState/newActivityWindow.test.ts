import type { Discussion } from "@forum/api/discussions";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../testing/forumTesting";
import { NEW_ACTIVITY_DAYS } from "./readStates";

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe.each(testDialects)("the 'new' window of a member with no read marks on %s", (dialect) => {
  let testApp: TestApp;
  let author: TestClient;
  let newcomer: SignedIn;
  let veteran: SignedIn;
  let categoryID: number;
  let archived: Discussion;
  let lastWeekRevived: Discussion;
  let yesterday: Discussion;
  let afterJoining: Discussion;

  /** Moves a discussion (and its comments) back in time, as if written `days` ago. */
  const backdate = async (discussionID: number, days: number) => {
    const date = daysAgo(days);
    await testApp.context.db
      .updateTable("discussions")
      .set({ dateInserted: date, dateLastComment: date })
      .where("discussionID", "=", discussionID)
      .execute();
    await testApp.context.db
      .updateTable("comments")
      .set({ dateInserted: date })
      .where("discussionID", "=", discussionID)
      .execute();
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const admin = (await forumClient(testApp, { role: "Administrator" })).client;
    author = (await forumClient(testApp, { name: "WindowAuthor" })).client;
    categoryID = (await makeCategory(admin, { name: "Window Here" })).categoryID;
    archived = await makeDiscussion(author, categoryID, "Archived long ago");
    await makeComment(author, archived.discussionID, "An old reply");
    await backdate(archived.discussionID, 10);
    lastWeekRevived = await makeDiscussion(author, categoryID, "Started last week");
    await makeComment(author, lastWeekRevived.discussionID, "Last week's reply");
    await backdate(lastWeekRevived.discussionID, 7);
    yesterday = await makeDiscussion(author, categoryID, "Started yesterday");
    await backdate(yesterday.discussionID, 1);
    veteran = await forumClient(testApp, { name: "WindowVeteran" });
    await testApp.context.db
      .updateTable("users")
      .set({ dateInserted: daysAgo(30) })
      .where("userID", "=", veteran.user.userID)
      .execute();
    newcomer = await forumClient(testApp, { name: "WindowNewcomer" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await makeComment(author, lastWeekRevived.discussionID, "Today's reply");
    afterJoining = await makeDiscussion(author, categoryID, "Started after joining");
  });
  afterAll(() => testApp.close());

  const seen = async (member: SignedIn, discussion: Discussion) => {
    const response = await member.client.get<Discussion>(`/api/v2/discussions/${discussion.discussionID}`);
    expect(response.status).toBe(200);
    const { unread, countUnread, dateLastViewed } = response.body;
    return { unread, countUnread, dateLastViewed };
  };
  const listed = async (member: SignedIn, readState: "new" | "unread") => {
    const response = await member.client.get<Discussion[]>(
      `/api/v2/discussions?categoryID=${categoryID}&readState=${readState}`,
    );
    expect(response.status).toBe(200);
    return response.body.map((discussion) => discussion.name).sort();
  };

  it(`is ${NEW_ACTIVITY_DAYS} days long`, () => {
    expect(NEW_ACTIVITY_DAYS).toBe(2);
  });

  it("shows a member who joined today as New only what happened since they joined", async () => {
    expect(await seen(newcomer, archived)).toEqual({ unread: false, countUnread: 0, dateLastViewed: null });
    expect(await seen(newcomer, yesterday)).toEqual({ unread: false, countUnread: 0, dateLastViewed: null });
    expect(await seen(newcomer, lastWeekRevived)).toEqual({
      unread: true,
      countUnread: 1,
      dateLastViewed: null,
    });
    expect(await seen(newcomer, afterJoining)).toEqual({
      unread: true,
      countUnread: 0,
      dateLastViewed: null,
    });
    expect(await listed(newcomer, "new")).toEqual(["Started after joining", "Started last week"]);
    expect(await listed(newcomer, "unread")).toEqual(["Started after joining", "Started last week"]);
  });

  it(`shows a member who joined long ago as New at most ${NEW_ACTIVITY_DAYS} days back`, async () => {
    expect(await seen(veteran, archived)).toEqual({ unread: false, countUnread: 0, dateLastViewed: null });
    expect(await seen(veteran, yesterday)).toEqual({ unread: true, countUnread: 0, dateLastViewed: null });
    expect(await seen(veteran, lastWeekRevived)).toEqual({
      unread: true,
      countUnread: 1,
      dateLastViewed: null,
    });
    expect(await listed(veteran, "new")).toEqual([
      "Started after joining",
      "Started last week",
      "Started yesterday",
    ]);
    expect(await listed(veteran, "unread")).toEqual([
      "Started after joining",
      "Started last week",
      "Started yesterday",
    ]);
  });

  it("counts the same new comments for every member whose window starts together, as comments come and go", async () => {
    const revived = await makeDiscussion(author, categoryID, "Revived for two");
    await makeComment(author, revived.discussionID, "Before the window");
    await backdate(revived.discussionID, 5);
    const other = await forumClient(testApp, { name: "WindowOtherVeteran" });
    await testApp.context.db
      .updateTable("users")
      .set({ dateInserted: daysAgo(40) })
      .where("userID", "=", other.user.userID)
      .execute();
    const unreadIn = async (member: SignedIn) => {
      const response = await member.client.get<Discussion[]>(`/api/v2/discussions?categoryID=${categoryID}`);
      return response.body.find((discussion) => discussion.discussionID === revived.discussionID)
        ?.countUnread;
    };
    const firstID = await makeComment(author, revived.discussionID, "New today");
    expect(await unreadIn(veteran)).toBe(1);
    expect(await unreadIn(other)).toBe(1);
    await makeComment(author, revived.discussionID, "Newer today");
    expect(await unreadIn(other)).toBe(2);
    expect(await unreadIn(veteran)).toBe(2);
    const moderator = (await forumClient(testApp, { role: "Administrator" })).client;
    const removed = await moderator.delete(`/api/v2/comments/${firstID}`);
    expect([removed.status, removed.body]).toEqual([204, ""]);
    expect(await unreadIn(veteran)).toBe(1);
    expect(await unreadIn(other)).toBe(1);
  });
});
