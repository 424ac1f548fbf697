import type { Category } from "@forum/api/categories";
import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { Draft } from "@forum/api/drafts";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import {
  createForumTestApp,
  forumClient,
  forumRowCount,
  makeCategory,
  makeDiscussion,
  rich2,
  type SignedIn,
} from "../testing/forumTesting";

/** API.md 7.5, 7.6, 8.4: posting with `draftID` removes the author's draft with the post, in one transaction. */
describe.each(testDialects)("posting from a draft on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let other: SignedIn;
  let moderator: SignedIn;
  let general: Category;
  let discussion: Discussion;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    admin = await forumClient(testApp, { role: "Administrator" });
    member = await forumClient(testApp);
    other = await forumClient(testApp);
    moderator = await forumClient(testApp, { role: "Moderator" });
    general = await makeCategory(admin.client, { name: "General" });
    discussion = await makeDiscussion(admin.client, general.categoryID, "Talk");
  });
  afterAll(async () => {
    await testApp.close();
  });

  const draftExists = async (draftID: number) =>
    (await testApp.context.db
      .selectFrom("drafts")
      .select("draftID")
      .where("draftID", "=", draftID)
      .executeTakeFirst()) !== undefined;

  const makeDraft = async (owner: SignedIn, recordType: "comment" | "discussion"): Promise<number> => {
    const response = await owner.client.post<Draft>("/api/v2/drafts", {
      recordType,
      ...(recordType === "comment"
        ? { parentRecordType: "discussion", parentRecordID: discussion.discussionID }
        : { parentRecordType: "category", parentRecordID: general.categoryID }),
      attributes: { body: rich2("Saved text"), format: "rich2", draftMeta: { name: "Saved title" } },
    });
    expect(response.status).toBe(201);
    return response.body.draftID;
  };

  const comment = (
    client: SignedIn,
    extra: Record<string, unknown>,
    discussionID = discussion.discussionID,
  ) =>
    client.client.post<Comment>("/api/v2/comments", {
      discussionID,
      body: rich2("Posted text"),
      format: "rich2",
      ...extra,
    });

  it("deletes the draft a comment was written in", async () => {
    const draftID = await makeDraft(member, "comment");
    const posted = await comment(member, { draftID });
    expect(posted.status).toBe(201);
    expect(await draftExists(draftID)).toBe(false);
    expect((await member.client.get(`/api/v2/drafts/${draftID}`)).status).toBe(404);
  });

  it("deletes the draft a new discussion was written in", async () => {
    const draftID = await makeDraft(member, "discussion");
    const posted = await member.client.post<Discussion>("/api/v2/discussions", {
      name: "From a draft",
      body: rich2("Posted text"),
      format: "rich2",
      categoryID: general.categoryID,
      draftID,
    });
    expect(posted.status).toBe(201);
    expect(await draftExists(draftID)).toBe(false);
  });

  it("deletes the draft an edit of a discussion was saved from", async () => {
    const own = await makeDiscussion(member.client, general.categoryID, "Mine to edit");
    const draftID = await makeDraft(member, "discussion");
    const patched = await member.client.patch<Discussion>(`/api/v2/discussions/${own.discussionID}`, {
      name: "Mine, edited",
      draftID,
    });
    expect(patched.status).toBe(200);
    expect(await draftExists(draftID)).toBe(false);
  });

  it("deletes the draft of a post held for approval", async () => {
    const held = await makeCategory(admin.client, { name: "Held", preModeration: true });
    const heldDiscussion = await makeDiscussion(admin.client, held.categoryID, "Held talk");
    const draftID = await makeDraft(member, "comment");
    const posted = await comment(member, { draftID }, heldDiscussion.discussionID);
    expect(posted.status).toBe(202);
    expect(await draftExists(draftID)).toBe(false);
  });

  it("keeps another member's draft, for members and moderators alike, and still posts", async () => {
    const othersDraft = await makeDraft(other, "comment");
    const byMember = await comment(member, { draftID: othersDraft });
    expect(byMember.status).toBe(201);
    const byModerator = await moderator.client.post<Discussion>("/api/v2/discussions", {
      name: "Moderator's post",
      body: rich2("Posted text"),
      format: "rich2",
      categoryID: general.categoryID,
      draftID: othersDraft,
    });
    expect(byModerator.status).toBe(201);
    expect(await draftExists(othersDraft)).toBe(true);
    expect((await other.client.get(`/api/v2/drafts/${othersDraft}`)).status).toBe(200);
  });

  it("posts as usual when the draft is already gone", async () => {
    const draftID = await makeDraft(member, "comment");
    expect((await member.client.delete(`/api/v2/drafts/${draftID}`)).status).toBe(204);
    expect((await comment(member, { draftID })).status).toBe(201);
    expect((await comment(member, { draftID: 99999999 })).status).toBe(201);
  });

  it("keeps the draft when the post is refused, and writes nothing", async () => {
    const draftID = await makeDraft(member, "comment");
    const closed = await makeDiscussion(admin.client, general.categoryID, "Closed talk", { closed: true });
    const commentsBefore = await forumRowCount(testApp.context, "comments");
    const refused = await comment(member, { draftID }, closed.discussionID);
    expect(refused.status).toBe(400);
    const missing = await comment(member, { draftID }, 99999999);
    expect(missing.status).toBe(404);
    const invalid = await comment(member, { draftID, format: "nonsense" });
    expect(invalid.status).toBe(422);
    expect(await forumRowCount(testApp.context, "comments")).toBe(commentsBefore);
    expect(await draftExists(draftID)).toBe(true);
  });

  it("refuses a draftID that is not a positive integer with 422", async () => {
    const response = await comment(member, { draftID: "first" });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      status: 422,
      errors: [expect.objectContaining({ field: "draftID" })],
    });
  });
});
