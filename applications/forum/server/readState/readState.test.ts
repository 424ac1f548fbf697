import type { Discussion } from "@forum/api/discussions";
import type { HydratedLayout } from "@forum/api/layouts";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { nodesOf } from "../pageTrees/pageTreeTesting";
import {
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../testing/forumTesting";
import { readStateBufferOf } from "./readStateBuffer";

describe.each(testDialects)("read state on %s", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let author: TestClient;
  let reader: SignedIn;
  let categoryID: number;
  let otherCategoryID: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await forumClient(testApp, { role: "Administrator" })).client;
    author = (await forumClient(testApp, { name: "ReadAuthor" })).client;
    reader = await forumClient(testApp, { name: "ReadReader" });
    categoryID = (await makeCategory(admin, { name: "Read Here" })).categoryID;
    otherCategoryID = (await makeCategory(admin, { name: "Read There" })).categoryID;
  });
  afterAll(() => testApp.close());

  const fetchDiscussion = async (client: TestClient, id: number) =>
    (await client.get<Discussion>(`/api/v2/discussions/${id}`)).body;
  const layout = async (client: TestClient, id: number, page = 1) => {
    const response = await client.get<HydratedLayout>(
      `/api/v2/layouts/lookup-hydrate?layoutViewType=post&recordType=discussion&recordID=${id}&params[page]=${page}`,
    );
    expect(response.status).toBe(200);
    return nodesOf(response.body.layout);
  };
  const listIDs = async (client: TestClient, query: string) => {
    const response = await client.get<Discussion[]>(`/api/v2/discussions?${query}`);
    expect(response.status).toBe(200);
    return response.body.map((discussion) => discussion.discussionID);
  };
  const storedRow = (id: number) =>
    testApp.context.db
      .selectFrom("userDiscussions")
      .selectAll()
      .where("userID", "=", reader.user.userID)
      .where("discussionID", "=", id)
      .executeTakeFirst();

  it("shows a discussion never opened as new with every comment unread", async () => {
    const discussion = await makeDiscussion(author, categoryID, "Never opened");
    await makeComment(author, discussion.discussionID, "First");
    await makeComment(author, discussion.discussionID, "Second");
    const seen = await fetchDiscussion(reader.client, discussion.discussionID);
    expect(seen).toMatchObject({ unread: true, countUnread: 2, dateLastViewed: null });
    expect(await listIDs(reader.client, "readState=new")).toContain(discussion.discussionID);
    const asGuest = await fetchDiscussion(testApp.guest(), discussion.discussionID);
    expect(asGuest).toMatchObject({ unread: false, countUnread: 0 });
  });

  it("marks a discussion read when its page is seen, and writes the position later, in a batch", async () => {
    const discussion = await makeDiscussion(author, categoryID, "Opened once");
    await makeComment(author, discussion.discussionID, "Only comment");
    await layout(reader.client, discussion.discussionID);
    // The member sees their reading at once; the row is written by the next batch, not by the page view.
    expect(await fetchDiscussion(reader.client, discussion.discussionID)).toMatchObject({
      unread: false,
      countUnread: 0,
    });
    expect(await storedRow(discussion.discussionID)).toBeUndefined();
    await readStateBufferOf(testApp.context).flush();
    expect(await storedRow(discussion.discussionID)).toMatchObject({ countCommentsRead: 1 });
    expect(await listIDs(reader.client, "readState=unread")).not.toContain(discussion.discussionID);
    expect(await listIDs(reader.client, "readState=new")).not.toContain(discussion.discussionID);
  });

  it("counts new comments, leads a returning member to the first unread one and draws its marker", async () => {
    const discussion = await makeDiscussion(author, categoryID, "Returning to");
    await makeComment(author, discussion.discussionID, "Read before");
    await layout(reader.client, discussion.discussionID);
    const firstNew = await makeComment(author, discussion.discussionID, "New one");
    await makeComment(author, discussion.discussionID, "Newer one");
    const seen = await fetchDiscussion(reader.client, discussion.discussionID);
    expect(seen).toMatchObject({ unread: true, countUnread: 2 });
    expect(seen.dateLastViewed).toEqual(expect.any(String));
    expect(await listIDs(reader.client, "readState=unread")).toContain(discussion.discussionID);
    expect(await listIDs(reader.client, "readState=new")).not.toContain(discussion.discussionID);

    const redirect = await reader.client.get(`/discussion/unread/${discussion.discussionID}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toMatch(new RegExp(`#Comment_${firstNew}$`));

    const nodes = await layout(reader.client, discussion.discussionID);
    const jump = nodes.find((node) => node.$reactComponent === "JumpToUnread");
    expect(jump?.$reactProps).toMatchObject({
      countUnread: 2,
      url: expect.stringContaining(`#Comment_${firstNew}`),
    });
    const marked = nodes.filter(
      (node) => node.$reactComponent === "CommentItem" && "isFirstUnread" in node.$reactProps,
    );
    expect(marked).toHaveLength(1);
    // That view read them: the marker is gone on the next visit.
    const again = await layout(reader.client, discussion.discussionID);
    expect(again.some((node) => node.$reactComponent === "JumpToUnread")).toBe(false);
    expect(await fetchDiscussion(reader.client, discussion.discussionID)).toMatchObject({ unread: false });
  });

  it("counts a member's own new comment as read", async () => {
    const discussion = await makeDiscussion(author, categoryID, "Own comment");
    await makeComment(reader.client, discussion.discussionID, "Mine");
    await testApp.context.events.settled();
    expect(await fetchDiscussion(reader.client, discussion.discussionID)).toMatchObject({
      unread: false,
      countUnread: 0,
    });
  });

  it("marks a category read, then counts only the comments that come after", async () => {
    const here = await makeDiscussion(author, categoryID, "Marked here");
    const there = await makeDiscussion(author, otherCategoryID, "Not marked there");
    expect((await reader.client.put(`/api/v2/categories/${categoryID}/read`)).status).toBe(204);
    expect(await fetchDiscussion(reader.client, here.discussionID)).toMatchObject({ unread: false });
    expect(await fetchDiscussion(reader.client, there.discussionID)).toMatchObject({ unread: true });
    expect(await listIDs(reader.client, `readState=unread&categoryID=${categoryID}`)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await makeComment(author, here.discussionID, "After the mark");
    expect(await fetchDiscussion(reader.client, here.discussionID)).toMatchObject({
      unread: true,
      countUnread: 1,
    });
    expect(await listIDs(reader.client, `readState=unread&categoryID=${categoryID}`)).toEqual([
      here.discussionID,
    ]);
  });

  it("marks everything read", async () => {
    const discussion = await makeDiscussion(author, otherCategoryID, "Everything");
    expect((await reader.client.put("/api/v2/categories/read")).status).toBe(204);
    expect(await fetchDiscussion(reader.client, discussion.discussionID)).toMatchObject({ unread: false });
    expect(await listIDs(reader.client, "readState=unread")).toEqual([]);
  });

  it("refuses read-state filters and marks to guests, and marks of categories they cannot see", async () => {
    expect((await testApp.guest().get("/api/v2/discussions?readState=unread")).status).toBe(403);
    expect((await testApp.guest().put("/api/v2/categories/read")).status).toBe(403);
    expect((await reader.client.put("/api/v2/categories/999999/read")).status).toBe(404);
  });
});
