import type { Category } from "@forum/api/categories";
import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { ReactionLogEntry, ReactionSummaryItem, ReactionType } from "@forum/api/reactions";
import { roleIDByName } from "@library/server/testing/factories";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import {
  createForumTestApp,
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
} from "../testing/forumTesting";
import { reactionsReceived } from "./reactionsReceived";
import { makeHiddenCategory, reactionMismatches, reactionSnapshot } from "./reactionsTesting";

type SignedIn = Awaited<ReturnType<typeof forumClient>>;

function countOf(summary: readonly ReactionSummaryItem[], urlcode: string): number | undefined {
  return summary.find((item) => item.urlcode === urlcode)?.count;
}

describe.each(testDialects)("reactions on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let author: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  let moderator: SignedIn;
  let unconfirmed: SignedIn;
  let general: Category;
  let hidden: Category;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    admin = await forumClient(testApp, { role: "Administrator" });
    author = await forumClient(testApp);
    member = await forumClient(testApp);
    other = await forumClient(testApp);
    moderator = await forumClient(testApp, { role: "Moderator" });
    // Signed in and able to read, but without any reactions.<class>.add or flag.add.
    unconfirmed = await forumClient(testApp, { role: "Unconfirmed" });
    general = await makeCategory(admin.client, { name: "General" });
    hidden = await makeHiddenCategory(testApp, admin.client, "Staff Room");
  });
  afterAll(async () => {
    await testApp.close();
  });
  afterEach(async () => {
    expect(await reactionMismatches(testApp.context)).toEqual([]);
  });

  const discussionScore = async (discussionID: number) =>
    (await admin.client.get<Discussion>(`/api/v2/discussions/${discussionID}`)).body.score;

  it("lists the reaction types with both urlCode and urlcode", async () => {
    const response = await testApp.guest().get<ReactionType[]>("/api/v2/reactions");
    expect(response.status).toBe(200);
    expect(response.body.map((type) => type.urlcode)).toEqual([
      "Promote",
      "OffTopic",
      "Insightful",
      "Disagree",
      "Agree",
      "Dislike",
      "Like",
      "Up",
      "Down",
      "Support",
      "Awesome",
      "LOL",
      "WTF",
    ]);
    const byCode = new Map(response.body.map((type) => [type.urlCode, type]));
    expect(byCode.get("Promote")).toMatchObject({ class: "Positive", reactionValue: 5, active: true });
    expect(byCode.get("Up")).toMatchObject({ urlcode: "Up", class: "Positive", reactionValue: 1 });
    expect(byCode.get("Down")).toMatchObject({ class: "Negative", reactionValue: -1 });
    expect(byCode.get("OffTopic")).toMatchObject({ class: "Flag", reactionValue: 0 });
    expect(byCode.get("WTF")).toMatchObject({ class: "Flag", reactionValue: 0 });
  });

  it("reacts, replaces and removes with one reaction per user per record, keeping score and counts", async () => {
    const discussion = await makeDiscussion(author.client, general.categoryID, "Scored");
    const url = `/api/v2/discussions/${discussion.discussionID}/reactions`;

    const liked = await member.client.post<ReactionSummaryItem[]>(url, { reactionType: "Like" });
    expect(liked.status).toBe(201);
    expect(liked.body).toHaveLength(13);
    expect(liked.body.find((item) => item.urlcode === "Like")).toMatchObject({
      count: 1,
      hasReacted: true,
      reactionValue: 1,
      class: "Positive",
    });
    expect(liked.body.filter((item) => item.hasReacted)).toHaveLength(1);
    expect(await discussionScore(discussion.discussionID)).toBe(1);

    // The same type again is a no-op; the type's urlcode is matched case-insensitively.
    expect((await member.client.post(url, { reactionType: "like" })).status).toBe(201);
    expect(await discussionScore(discussion.discussionID)).toBe(1);

    // Another type replaces the earlier one: Like (+1) → Down (−1).
    const replaced = await member.client.post<ReactionSummaryItem[]>(url, { reactionType: "Down" });
    expect(countOf(replaced.body, "Like")).toBe(0);
    expect(countOf(replaced.body, "Down")).toBe(1);
    expect(await discussionScore(discussion.discussionID)).toBe(-1);
    const rows = await testApp.context.db
      .selectFrom("reactions")
      .select("tagID")
      .where("recordType", "=", "discussion")
      .where("recordID", "=", discussion.discussionID)
      .where("userID", "=", member.user.userID)
      .execute();
    expect(rows).toHaveLength(1);

    const second = await other.client.post<ReactionSummaryItem[]>(url, { reactionType: "Up" });
    expect(countOf(second.body, "Up")).toBe(1);
    expect(second.body.find((item) => item.urlcode === "Down")?.hasReacted).toBe(false);
    expect(await discussionScore(discussion.discussionID)).toBe(0);

    expect((await member.client.delete(url)).status).toBe(204);
    expect(await discussionScore(discussion.discussionID)).toBe(1);
    // Removing again (nothing left) still succeeds and changes nothing.
    expect((await member.client.delete(`${url}/$me`)).status).toBe(204);
    expect(await discussionScore(discussion.discussionID)).toBe(1);

    const expanded = await member.client.get<Discussion>(
      `/api/v2/discussions/${discussion.discussionID}?expand=reactions`,
    );
    expect(countOf(expanded.body.reactions ?? [], "Up")).toBe(1);
    expect(countOf(expanded.body.reactions ?? [], "Down")).toBe(0);
    expect(expanded.body.reactions?.some((item) => item.hasReacted)).toBe(false);
    const asOther = await other.client.get<Discussion[]>(
      `/api/v2/discussions?categoryID=${general.categoryID}&expand=reactions`,
    );
    const listed = asOther.body.find((item) => item.discussionID === discussion.discussionID);
    expect(listed?.reactions?.find((item) => item.urlcode === "Up")?.hasReacted).toBe(true);
    expect(listed?.score).toBe(1);
    const withoutExpand = await other.client.get<Discussion>(
      `/api/v2/discussions/${discussion.discussionID}`,
    );
    expect(withoutExpand.body.reactions).toBeUndefined();
  });

  it("reacts to comments, with expand=reactions on comment lists and single comments", async () => {
    const discussion = await makeDiscussion(author.client, general.categoryID, "With comments");
    const commentID = await makeComment(author.client, discussion.discussionID, "React to me");
    const url = `/api/v2/comments/${commentID}/reactions`;
    expect((await member.client.post(url, { reactionType: "Insightful" })).status).toBe(201);
    expect((await other.client.post(url, { reactionType: "Dislike" })).status).toBe(201);
    expect((await moderator.client.post(url, { reactionType: "Promote" })).status).toBe(201);
    const single = await member.client.get<Comment>(`/api/v2/comments/${commentID}?expand=reactions`);
    expect(single.body.score).toBe(5);
    expect(single.body.reactions?.find((item) => item.urlcode === "Insightful")).toMatchObject({
      count: 1,
      hasReacted: true,
    });
    const list = await other.client.get<Comment[]>(
      `/api/v2/comments?discussionID=${discussion.discussionID}&expand=reactions`,
    );
    expect(list.body[0]?.reactions?.find((item) => item.urlcode === "Dislike")?.hasReacted).toBe(true);
    expect(list.body[0]?.score).toBe(5);
    // The discussion itself is untouched.
    expect(await discussionScore(discussion.discussionID)).toBe(0);
    // A moderator removes someone else's reaction.
    expect((await moderator.client.delete(`${url}/${other.user.userID}`)).status).toBe(204);
    const after = await member.client.get<Comment>(`/api/v2/comments/${commentID}`);
    expect(after.body.score).toBe(6);
  });

  it("refuses guests, missing class permissions, Promote without curation.manage and self-flagging", async () => {
    const discussion = await makeDiscussion(author.client, general.categoryID, "Guarded");
    const url = `/api/v2/discussions/${discussion.discussionID}/reactions`;
    expect((await other.client.post(url, { reactionType: "Agree" })).status).toBe(201);
    const before = await reactionSnapshot(testApp.context);

    const guest = testApp.guest();
    expect((await guest.post(url, { reactionType: "Like" })).status).toBe(403);
    expect((await guest.delete(url)).status).toBe(403);
    expect((await guest.delete(`${url}/$me`)).status).toBe(403);
    expect((await guest.delete(`${url}/${other.user.userID}`)).status).toBe(403);

    const positive = await unconfirmed.client.post(url, { reactionType: "Like" });
    expect(positive.status).toBe(403);
    expect(positive.body).toMatchObject({ permissions: ["reactions.positive.add"] });
    const negative = await unconfirmed.client.post(url, { reactionType: "Disagree" });
    expect(negative.body).toMatchObject({ status: 403, permissions: ["reactions.negative.add"] });
    const flag = await unconfirmed.client.post(url, { reactionType: "WTF" });
    expect(flag.body).toMatchObject({ status: 403, permissions: ["flag.add"] });

    const promote = await member.client.post(url, { reactionType: "Promote" });
    expect(promote.status).toBe(403);
    expect(promote.body).toMatchObject({ permissions: ["curation.manage"] });

    const selfFlag = await author.client.post(url, { reactionType: "OffTopic" });
    expect(selfFlag.body).toEqual({ message: "You cannot flag your own post.", status: 400 });

    // A member cannot remove another member's reaction.
    const removeOther = await member.client.delete(`${url}/${other.user.userID}`);
    expect(removeOther.status).toBe(403);
    expect(removeOther.body).toMatchObject({ permissions: ["community.moderate"] });

    expect(await reactionSnapshot(testApp.context)).toEqual(before);

    // Reacting to one's own post with a non-flag type is allowed; flagging someone else's post is too.
    expect((await author.client.post(url, { reactionType: "Like" })).status).toBe(201);
    expect((await member.client.post(url, { reactionType: "OffTopic" })).status).toBe(201);
    expect(await discussionScore(discussion.discussionID)).toBe(2);
  });

  it("answers 404 for unknown records and types, 403 for unviewable records, 422 for bad input", async () => {
    const discussion = await makeDiscussion(author.client, general.categoryID, "Validated");
    const secret = await makeDiscussion(admin.client, hidden.categoryID, "Secret");
    const url = `/api/v2/discussions/${discussion.discussionID}/reactions`;
    const before = await reactionSnapshot(testApp.context);

    expect(
      (await member.client.post("/api/v2/discussions/999999/reactions", { reactionType: "Like" })).body,
    ).toEqual({ message: "Discussion not found.", status: 404 });
    expect(
      (await member.client.post("/api/v2/comments/999999/reactions", { reactionType: "Like" })).body,
    ).toEqual({
      message: "Comment not found.",
      status: 404,
    });
    expect((await member.client.post(url, { reactionType: "Nope" })).body).toEqual({
      message: "Reaction type Nope not found.",
      status: 404,
    });
    expect((await member.client.get(`${url}?type=Nope`)).status).toBe(404);
    expect((await member.client.get("/api/v2/comments/999999/reactions")).status).toBe(404);
    expect((await member.client.delete("/api/v2/discussions/999999/reactions")).status).toBe(404);

    const secretUrl = `/api/v2/discussions/${secret.discussionID}/reactions`;
    expect((await member.client.post(secretUrl, { reactionType: "Like" })).status).toBe(403);
    expect((await member.client.get(secretUrl)).status).toBe(403);
    expect((await admin.client.post(secretUrl, { reactionType: "Like" })).status).toBe(201);
    expect((await member.client.delete(secretUrl)).status).toBe(403);

    const missing = await member.client.post(url, {});
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ errors: [{ field: "reactionType" }] });
    expect((await member.client.post(url, { reactionType: "" })).status).toBe(422);
    expect(
      (await member.client.post("/api/v2/discussions/abc/reactions", { reactionType: "Like" })).status,
    ).toBe(422);
    expect((await member.client.get(`${url}?limit=101`)).status).toBe(422);

    await admin.client.delete(secretUrl);
    expect(await reactionSnapshot(testApp.context)).toEqual(before);
  });

  it("serves the reaction log newest first, filtered by type, with a more pager and reactions.view", async () => {
    const discussion = await makeDiscussion(author.client, general.categoryID, "Logged");
    const url = `/api/v2/discussions/${discussion.discussionID}/reactions`;
    await member.client.post(url, { reactionType: "Like" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await other.client.post(url, { reactionType: "Up" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await moderator.client.post(url, { reactionType: "Like" });

    const log = await testApp.guest().get<ReactionLogEntry[]>(url);
    expect(log.status).toBe(200);
    expect(log.body.map((entry) => entry.userID)).toEqual([
      moderator.user.userID,
      other.user.userID,
      member.user.userID,
    ]);
    expect(log.body[0]).toMatchObject({
      recordType: "discussion",
      recordID: discussion.discussionID,
      user: { userID: moderator.user.userID, name: moderator.user.name },
      reactionType: { urlcode: "Like", name: "Like", class: "Positive" },
    });
    expect(log.headers["x-app-page-result-count"]).toBeUndefined();

    const likes = await member.client.get<ReactionLogEntry[]>(`${url}?type=Like`);
    expect(likes.body.map((entry) => entry.userID)).toEqual([moderator.user.userID, member.user.userID]);

    const first = await member.client.get<ReactionLogEntry[]>(`${url}?limit=2`);
    expect(first.body).toHaveLength(2);
    expect(String(first.headers["x-app-page-next-url"])).toContain("page=2");
    const second = await member.client.get<ReactionLogEntry[]>(`${url}?limit=2&page=2`);
    expect(second.body.map((entry) => entry.userID)).toEqual([member.user.userID]);
    expect(second.headers["x-app-page-next-url"]).toBeUndefined();

    // Without reactions.view (taken from the Guest role here) the log is refused.
    const guestRoleID = await roleIDByName(testApp.context, "Guest");
    await testApp.context.db
      .deleteFrom("rolePermissions")
      .where("roleID", "=", guestRoleID)
      .where("permission", "=", "reactions.view")
      .execute();
    testApp.context.grants.invalidate();
    try {
      const refused = await testApp.guest().get(url);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ permissions: ["reactions.view"] });
    } finally {
      await testApp.context.db
        .insertInto("rolePermissions")
        .values({ roleID: guestRoleID, resourceType: "global", resourceID: 0, permission: "reactions.view" })
        .execute();
      testApp.context.grants.invalidate();
    }
  });

  it("counts the reactions a user received on discussions and comments", async () => {
    const receiver = await forumClient(testApp);
    const discussion = await makeDiscussion(receiver.client, general.categoryID, "Received");
    const commentID = await makeComment(receiver.client, discussion.discussionID);
    const elsewhere = await makeDiscussion(author.client, general.categoryID, "Not theirs");
    await member.client.post(`/api/v2/discussions/${discussion.discussionID}/reactions`, {
      reactionType: "Like",
    });
    await other.client.post(`/api/v2/discussions/${discussion.discussionID}/reactions`, {
      reactionType: "Like",
    });
    await member.client.post(`/api/v2/comments/${commentID}/reactions`, { reactionType: "Like" });
    await other.client.post(`/api/v2/comments/${commentID}/reactions`, { reactionType: "LOL" });
    await member.client.post(`/api/v2/discussions/${elsewhere.discussionID}/reactions`, {
      reactionType: "Like",
    });
    const received = await reactionsReceived(testApp.context.db, receiver.user.userID);
    expect(received.get("Like")).toBe(3);
    expect(received.get("LOL")).toBe(1);
    expect(received.get("Down")).toBe(0);
    expect(received.size).toBe(13);
  });
});
