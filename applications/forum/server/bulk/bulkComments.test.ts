import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import type { LongRunnerResult } from "@forum/api/longRunner";
import type { SplitResult } from "@forum/api/bulk";
import { recountCounters } from "@library/server/cli/recountCounters";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import {
  createForumTestApp,
  forumCast,
  forumRowCount,
  makeCategory,
  makeComment,
  makeDiscussion,
  type SignedIn,
} from "../testing/forumTesting";

describe.each(testDialects)("bulk comment actions on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let moderator: SignedIn;
  let general: Category;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    ({ admin, member, moderator } = await forumCast(testApp));
    general = await makeCategory(admin.client, { name: "General" });
  });
  afterAll(() => testApp.close());

  const thread = async (replies: number) => {
    const { discussionID } = await makeDiscussion(admin.client, general.categoryID, "Long thread");
    const commentIDs: number[] = [];
    for (let index = 0; index < replies; index += 1)
      commentIDs.push(await makeComment(admin.client, discussionID, `Reply ${index + 1}`));
    return { discussionID, commentIDs };
  };

  it("splits comments into a new discussion with every count right", async () => {
    const { discussionID, commentIDs } = await thread(4);
    const [, second, third] = commentIDs as [number, number, number, number];
    const split = await moderator.client.post<SplitResult>("/api/v2/discussions/split", {
      commentIDs: [second, third],
      newPost: {
        name: "A side topic",
        categoryID: general.categoryID,
        postType: "discussion",
        authorType: "me",
      },
    });
    expect(split.status).toBe(201);
    expect(split.body.progress.successIDs).toEqual([second, third]);
    expect(split.body.newPostUrl).toContain(`/discussion/${split.body.discussionID}/`);
    const created = await admin.client.get<Discussion>(`/api/v2/discussions/${split.body.discussionID}`);
    expect(created.body).toMatchObject({ name: "A side topic", countComments: 2 });
    expect(created.body.body).toContain("Long thread");
    expect(
      (await admin.client.get<Discussion>(`/api/v2/discussions/${discussionID}`)).body.countComments,
    ).toBe(2);
    const moved = await admin.client.get<{ commentID: number }[]>(
      `/api/v2/comments?discussionID=${split.body.discussionID}`,
    );
    expect(moved.body.map((comment) => comment.commentID)).toEqual([second, third]);
    expect(await recountCounters(testApp.context)).toEqual([]);
  });

  it("refuses a split by a member, of missing comments, or of comments from two discussions", async () => {
    const one = await thread(1);
    const two = await thread(1);
    const newPost = {
      name: "Nope",
      categoryID: general.categoryID,
      postType: "discussion",
      authorType: "me",
    };
    const before = await forumRowCount(testApp.context, "discussions");
    expect(
      (await member.client.post("/api/v2/discussions/split", { commentIDs: one.commentIDs, newPost })).status,
    ).toBe(403);
    expect(
      await moderator.client.post("/api/v2/comments/split", {
        commentIDs: [...one.commentIDs, ...two.commentIDs],
        newPost,
      }),
    ).toMatchObject({ status: 400, body: { message: "Comments from multiple discussions selected." } });
    expect(
      await moderator.client.post("/api/v2/discussions/split", { commentIDs: [99_999_999], newPost }),
    ).toMatchObject({ status: 400, body: { message: "Comments not found." } });
    expect(await forumRowCount(testApp.context, "discussions")).toBe(before);
  });

  it("deletes comments of one discussion in bulk, never a member's, never across discussions", async () => {
    const { discussionID, commentIDs } = await thread(3);
    const other = await thread(1);
    expect((await member.client.delete("/api/v2/comments/list", { commentIDs })).status).toBe(403);
    expect(
      await moderator.client.delete("/api/v2/comments/list", {
        commentIDs: [...commentIDs, ...other.commentIDs],
      }),
    ).toMatchObject({ status: 400, body: { message: "Comments must belong to the same parent record." } });
    expect(
      (await admin.client.get<Discussion>(`/api/v2/discussions/${discussionID}`)).body.countComments,
    ).toBe(3);
    const deleted = await moderator.client.delete<LongRunnerResult>("/api/v2/comments/list", {
      commentIDs: commentIDs.slice(0, 2),
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.progress.successIDs.sort()).toEqual(commentIDs.slice(0, 2).sort());
    expect(
      (await admin.client.get<Discussion>(`/api/v2/discussions/${discussionID}`)).body.countComments,
    ).toBe(1);
    expect(await recountCounters(testApp.context)).toEqual([]);
  });
});
