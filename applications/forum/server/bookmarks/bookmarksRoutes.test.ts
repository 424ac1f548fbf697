import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import { viewerForUser } from "@library/server/auth/viewerResolver";
import { getMeCount } from "@library/server/users/meCounts";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import { makeHiddenCategory } from "../reactions/reactionsTesting";
import { createForumTestApp, forumClient, makeCategory, makeDiscussion } from "../testing/forumTesting";
import "./bookmarkTables";

type SignedIn = Awaited<ReturnType<typeof forumClient>>;

describe.each(testDialects)("bookmarks on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  let general: Category;
  let hidden: Category;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    admin = await forumClient(testApp, { role: "Administrator" });
    member = await forumClient(testApp);
    other = await forumClient(testApp);
    general = await makeCategory(admin.client, { name: "General" });
    hidden = await makeHiddenCategory(testApp, admin.client, "Staff Room");
  });
  afterAll(async () => {
    await testApp.close();
  });

  const bookmarkRows = () =>
    testApp.context.db
      .selectFrom("userDiscussions")
      .select(["userID", "discussionID", "bookmarked", "dateBookmarked"])
      .orderBy("userID")
      .orderBy("discussionID")
      .execute();
  const meCount = async (userID: number) => {
    const viewer = await viewerForUser(testApp.context, userID);
    if (!viewer) throw new Error("No viewer.");
    return getMeCount(testApp.context, viewer, "Bookmarks");
  };
  const bookmarkedIDs = async (client: SignedIn["client"], query = "") =>
    (await client.get<Discussion[]>(`/api/v2/discussions/bookmarked${query}`)).body.map(
      (discussion) => discussion.discussionID,
    );

  it("bookmarks idempotently, lists newest bookmark first and counts Bookmarks", async () => {
    const first = await makeDiscussion(admin.client, general.categoryID, "First");
    const second = await makeDiscussion(admin.client, general.categoryID, "Second");
    const put = await member.client.put(`/api/v2/discussions/${first.discussionID}/bookmark`, {
      bookmarked: true,
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ bookmarked: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await member.client.put(`/api/v2/discussions/${second.discussionID}/bookmark`, { bookmarked: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Again: idempotent, and the first bookmark date is kept.
    expect(
      (await member.client.put(`/api/v2/discussions/${first.discussionID}/bookmark`, { bookmarked: true }))
        .body,
    ).toEqual({ bookmarked: true });
    expect(await bookmarkedIDs(member.client)).toEqual([second.discussionID, first.discussionID]);
    expect(await meCount(member.user.userID)).toBe(2);
    const single = await member.client.get<Discussion>(`/api/v2/discussions/${first.discussionID}`);
    expect(single.body.bookmarked).toBe(true);
    expect(
      (await other.client.get<Discussion>(`/api/v2/discussions/${first.discussionID}`)).body.bookmarked,
    ).toBe(false);

    // Off and on again moves it to the top.
    expect(
      (await member.client.put(`/api/v2/discussions/${first.discussionID}/bookmark`, { bookmarked: false }))
        .body,
    ).toEqual({ bookmarked: false });
    expect(await meCount(member.user.userID)).toBe(1);
    expect(
      (await member.client.put(`/api/v2/discussions/${first.discussionID}/bookmark`, { bookmarked: false }))
        .status,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await member.client.put(`/api/v2/discussions/${first.discussionID}/bookmark`, { bookmarked: true });
    expect(await bookmarkedIDs(member.client)).toEqual([first.discussionID, second.discussionID]);

    // "more" pager.
    const page = await member.client.get<Discussion[]>(
      "/api/v2/discussions/bookmarked?limit=1&expand=insertUser",
    );
    expect(page.body).toHaveLength(1);
    expect(page.body[0]?.insertUser?.userID).toBe(admin.user.userID);
    expect(String(page.headers["x-app-page-next-url"])).toContain("page=2");
    expect(page.headers["x-app-page-result-count"]).toBeUndefined();
    expect(await bookmarkedIDs(member.client, "?limit=1&page=2")).toEqual([second.discussionID]);
  });

  it("only ever shows and changes the session user's own bookmarks", async () => {
    const mine = await makeDiscussion(admin.client, general.categoryID, "Mine");
    await member.client.put(`/api/v2/discussions/${mine.discussionID}/bookmark`, { bookmarked: true });
    const memberBefore = await bookmarkedIDs(member.client);
    expect(memberBefore).toContain(mine.discussionID);
    expect(await bookmarkedIDs(other.client)).not.toContain(mine.discussionID);
    // Another member's toggle writes only their own row.
    await other.client.put(`/api/v2/discussions/${mine.discussionID}/bookmark`, { bookmarked: false });
    expect(await bookmarkedIDs(member.client)).toEqual(memberBefore);
    expect(await bookmarkedIDs(other.client)).toEqual([]);
    // No query parameter selects another user's list: unknown parameters are stripped.
    expect(await bookmarkedIDs(other.client, `?userID=${member.user.userID}`)).toEqual([]);
  });

  it("refuses guests, unknown and unviewable discussions and bad bodies without changing anything", async () => {
    const open = await makeDiscussion(admin.client, general.categoryID, "Open");
    const secret = await makeDiscussion(admin.client, hidden.categoryID, "Secret");
    const before = await bookmarkRows();
    const guest = testApp.guest();
    const guestPut = await guest.put(`/api/v2/discussions/${open.discussionID}/bookmark`, {
      bookmarked: true,
    });
    expect(guestPut.status).toBe(403);
    expect(guestPut.body).toMatchObject({ permissions: ["session.valid"] });
    expect((await guest.get("/api/v2/discussions/bookmarked")).status).toBe(403);
    expect(
      (await member.client.put("/api/v2/discussions/999999/bookmark", { bookmarked: true })).body,
    ).toEqual({ message: "Discussion not found.", status: 404 });
    expect(
      (await member.client.put(`/api/v2/discussions/${secret.discussionID}/bookmark`, { bookmarked: true }))
        .status,
    ).toBe(403);
    const missing = await member.client.put(`/api/v2/discussions/${open.discussionID}/bookmark`, {});
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ errors: [{ field: "bookmarked" }] });
    expect(
      (await member.client.put(`/api/v2/discussions/${open.discussionID}/bookmark`, { bookmarked: "maybe" }))
        .status,
    ).toBe(422);
    expect((await member.client.get("/api/v2/discussions/bookmarked?limit=0")).status).toBe(422);
    expect(await bookmarkRows()).toEqual(before);

    // A bookmark in a category the user can no longer see is not listed.
    await admin.client.put(`/api/v2/discussions/${secret.discussionID}/bookmark`, { bookmarked: true });
    expect(await bookmarkedIDs(admin.client)).toContain(secret.discussionID);
  });
});
