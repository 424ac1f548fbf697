import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import {
  countMismatches,
  createForumTestApp,
  forumCast,
  makeCategory,
  makeComment,
  makeDiscussion,
  makePrivateCategory,
  type SignedIn,
} from "../testing/forumTesting";

describe.each(testDialects)("discussion options calls on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  let moderator: SignedIn;
  let general: Category;
  let news: Category;
  let secret: Category;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    ({ admin, member, other, moderator } = await forumCast(testApp));
    general = await makeCategory(admin.client, { name: "General" });
    news = await makeCategory(admin.client, { name: "News" });
    secret = await makePrivateCategory(testApp, admin.client, "Secret");
  });
  afterAll(async () => {
    await testApp.close();
  });

  const get = async (client: SignedIn["client"], id: number) =>
    (await client.get<Discussion>(`/api/v2/discussions/${id}`)).body;
  const listIDs = async (client: SignedIn["client"], query: string) =>
    (await client.get<Discussion[]>(`/api/v2/discussions?${query}`)).body.map((row) => row.discussionID);

  it("dismisses an announcement for one member: it stops leading their lists, and comes back", async () => {
    const pinned = await makeDiscussion(admin.client, general.categoryID, "Read the rules");
    await admin.client.patch(`/api/v2/discussions/${pinned.discussionID}`, {
      pinned: true,
      pinLocation: "recent",
    });
    await makeDiscussion(admin.client, general.categoryID, "Newer thread");
    expect((await listIDs(member.client, "pinOrder=first"))[0]).toBe(pinned.discussionID);

    const dismissed = await member.client.put(`/api/v2/discussions/${pinned.discussionID}/dismiss`, {});
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toEqual({ dismissed: true });
    expect((await get(member.client, pinned.discussionID)).dismissed).toBe(true);
    expect((await get(other.client, pinned.discussionID)).dismissed).toBe(false);
    expect((await listIDs(member.client, "pinOrder=first"))[0]).not.toBe(pinned.discussionID);
    expect((await listIDs(other.client, "pinOrder=first"))[0]).toBe(pinned.discussionID);

    const undone = await member.client.put(`/api/v2/discussions/${pinned.discussionID}/dismiss`, {
      dismissed: false,
    });
    expect(undone.body).toEqual({ dismissed: false });
    expect((await listIDs(member.client, "pinOrder=first"))[0]).toBe(pinned.discussionID);
  });

  it("mutes a discussion: the member gets no notification of its comments until unmuted", async () => {
    const thread = await makeDiscussion(member.client, general.categoryID, "Mutable");
    const notificationCount = async () =>
      (
        await testApp.context.db
          .selectFrom("notifications")
          .select("notificationID")
          .where("userID", "=", member.user.userID)
          .execute()
      ).length;
    const muted = await member.client.put(`/api/v2/discussions/${thread.discussionID}/mute`, { muted: true });
    expect(muted.body).toEqual({ muted: true });
    expect((await get(member.client, thread.discussionID)).muted).toBe(true);
    const before = await notificationCount();
    await makeComment(other.client, thread.discussionID, "While muted");
    expect(await notificationCount()).toBe(before);

    await member.client.put(`/api/v2/discussions/${thread.discussionID}/mute`, { muted: false });
    await makeComment(other.client, thread.discussionID, "After unmuting");
    expect(await notificationCount()).toBe(before + 1);
  });

  it("refuses toggles from guests, on hidden discussions and with bad bodies, changing nothing", async () => {
    const thread = await makeDiscussion(admin.client, general.categoryID, "Toggle target");
    const hidden = await makeDiscussion(admin.client, secret.categoryID, "Staff only");
    const guest = testApp.guest();
    expect((await guest.put(`/api/v2/discussions/${thread.discussionID}/mute`, { muted: true })).status).toBe(
      403,
    );
    expect((await member.client.put(`/api/v2/discussions/${hidden.discussionID}/dismiss`, {})).status).toBe(
      403,
    );
    expect((await member.client.put(`/api/v2/discussions/999999/mute`, { muted: true })).status).toBe(404);
    const bad = await member.client.put(`/api/v2/discussions/${thread.discussionID}/mute`, { muted: "loud" });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ message: "Validation Failed", status: 422 });
    expect((await member.client.put(`/api/v2/discussions/${thread.discussionID}/mute`, {})).status).toBe(422);
    const rows = await testApp.context.db
      .selectFrom("userDiscussions")
      .select("userID")
      .where("discussionID", "in", [thread.discussionID, hidden.discussionID])
      .execute();
    expect(rows).toEqual([]);
  });

  it("bumps a discussion to the top of the recent list for curators only", async () => {
    const old = await makeDiscussion(admin.client, general.categoryID, "Old news");
    await makeDiscussion(admin.client, general.categoryID, "Fresh news");
    const before = await get(admin.client, old.discussionID);
    const refused = await member.client.patch(`/api/v2/discussions/${old.discussionID}/bump`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ permissions: ["curation.manage"] });
    expect((await get(admin.client, old.discussionID)).dateLastComment).toBe(before.dateLastComment);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const bumped = await moderator.client.patch<Discussion>(`/api/v2/discussions/${old.discussionID}/bump`);
    expect(bumped.status).toBe(200);
    expect(bumped.body.discussionID).toBe(old.discussionID);
    expect(bumped.body.dateLastComment! > before.dateLastComment!).toBe(true);
    expect((await listIDs(member.client, `categoryID=${general.categoryID}&sort=-dateLastComment`))[0]).toBe(
      old.discussionID,
    );
    expect((await moderator.client.patch(`/api/v2/discussions/999999/bump`)).status).toBe(404);
  });

  it("changes the post type among the registered types the category allows", async () => {
    const thread = await makeDiscussion(member.client, general.categoryID, "Typed");
    const refused = await member.client.put(`/api/v2/discussions/${thread.discussionID}/type`, {
      type: "discussion",
    });
    expect(refused.status).toBe(403);
    const same = await moderator.client.put<Discussion>(`/api/v2/discussions/${thread.discussionID}/type`, {
      type: "discussion",
    });
    expect(same.status).toBe(200);
    expect(same.body.type).toBe("discussion");
    // No add-on registers 'question' in this app: it is not a type a discussion can become.
    const unknown = await moderator.client.put(`/api/v2/discussions/${thread.discussionID}/type`, {
      type: "question",
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      errors: [{ field: "type", message: "question is not a valid post type" }],
    });
    const both = await moderator.client.put(`/api/v2/discussions/${thread.discussionID}/type`, {
      type: "discussion",
      postTypeID: "discussion",
    });
    expect(both.status).toBe(422);
    expect((await moderator.client.put(`/api/v2/discussions/${thread.discussionID}/type`, {})).status).toBe(
      422,
    );
    expect((await get(admin.client, thread.discussionID)).type).toBe("discussion");
  });

  it("moves with addRedirects: the old category keeps a redirect that leads to the moved discussion", async () => {
    const thread = await makeDiscussion(member.client, general.categoryID, "Wandering thread");
    await makeComment(other.client, thread.discussionID, "A reply");
    const before = (
      await moderator.client.get<Discussion[]>(
        `/api/v2/discussions?categoryID=${general.categoryID}&limit=100`,
      )
    ).body.length;
    const refused = await other.client.patch(`/api/v2/discussions/${thread.discussionID}`, {
      categoryID: news.categoryID,
      addRedirects: true,
    });
    expect(refused.status).toBe(403);
    expect(
      (
        await moderator.client.get<Discussion[]>(
          `/api/v2/discussions?categoryID=${general.categoryID}&limit=100`,
        )
      ).body,
    ).toHaveLength(before);

    const moved = await moderator.client.patch<Discussion>(`/api/v2/discussions/${thread.discussionID}`, {
      categoryID: news.categoryID,
      addRedirects: true,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.categoryID).toBe(news.categoryID);
    const inGeneral = (
      await moderator.client.get<Discussion[]>(
        `/api/v2/discussions?categoryID=${general.categoryID}&limit=100`,
      )
    ).body;
    const stub = inGeneral.find((row) => row.type === "redirect" && row.name === "Wandering thread");
    expect(stub).toBeDefined();
    expect(stub!.closed).toBe(true);

    // The redirect's body is the address it leads to (its page answers 301: pages/movedPages.test.ts).
    const stubRow = await testApp.context.db
      .selectFrom("discussions")
      .select(["body", "categoryID"])
      .where("discussionID", "=", stub!.discussionID)
      .executeTakeFirstOrThrow();
    expect(stubRow).toEqual({ body: `/discussion/${thread.discussionID}`, categoryID: general.categoryID });
    // A redirect cannot be moved on.
    const again = await moderator.client.patch(`/api/v2/discussions/${stub!.discussionID}`, {
      categoryID: news.categoryID,
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ message: "Redirect discussions cannot be moved." });
    expect(await countMismatches(testApp.context)).toEqual([]);
  });
});
