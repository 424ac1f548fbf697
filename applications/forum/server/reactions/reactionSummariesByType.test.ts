import { viewerForUser } from "@library/server/auth/viewerResolver";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeComment, makeDiscussion } from "../testing/forumTesting";
import { loadReactionSummariesByType } from "./reactionSummaries";

describe.each(testDialects)("reaction summaries of a page's posts on %s", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
  });
  afterAll(() => testApp.close());

  it("reads a discussion's and its comments' reactions in one query each and keeps each record's own", async () => {
    const admin = await forumClient(testApp, { role: "Administrator" });
    const reader = await forumClient(testApp, { name: "SummaryReader" });
    const category = await makeCategory(admin.client, { name: "Summaries" });
    const discussion = await makeDiscussion(admin.client, category.categoryID, "Summed up");
    const liked = await makeComment(admin.client, discussion.discussionID, "Liked comment");
    const quiet = await makeComment(admin.client, discussion.discussionID, "Quiet comment");
    const react = (path: string, reactionType: string) =>
      reader.client.post(path, { reactionType }).then((response) => expect(response.status).toBe(201));
    await react(`/api/v2/discussions/${discussion.discussionID}/reactions`, "Insightful");
    await react(`/api/v2/comments/${liked}/reactions`, "Like");

    const viewer = await viewerForUser(testApp.context, reader.user.userID);
    expect(viewer).not.toBeNull();
    const statements = await testApp.statementsOf(async () => {
      const summaries = await loadReactionSummariesByType(testApp.context.db, viewer, {
        discussion: [discussion.discussionID],
        comment: [liked, quiet],
      });
      const reacted = (recordType: "discussion" | "comment", id: number) =>
        (summaries.get(recordType)?.get(id) ?? [])
          .filter((item) => item.count > 0)
          .map((item) => [item.urlcode, item.count, item.hasReacted]);
      expect(reacted("discussion", discussion.discussionID)).toEqual([["Insightful", 1, true]]);
      expect(reacted("comment", liked)).toEqual([["Like", 1, true]]);
      expect(reacted("comment", quiet)).toEqual([]);
    });
    expect(statements.filter((text) => /from "reactionCounts"/.test(text))).toHaveLength(1);

    // As a page's bars show them: only what each post has, the same items as every type's summary filtered.
    const all = await loadReactionSummariesByType(testApp.context.db, viewer, {
      discussion: [discussion.discussionID],
      comment: [liked, quiet],
    });
    const present = await loadReactionSummariesByType(
      testApp.context.db,
      viewer,
      { discussion: [discussion.discussionID], comment: [liked, quiet] },
      undefined,
      true,
    );
    for (const [recordType, id] of [
      ["discussion", discussion.discussionID],
      ["comment", liked],
      ["comment", quiet],
    ] as const)
      expect(present.get(recordType)?.get(id)).toEqual(
        (all.get(recordType)?.get(id) ?? []).filter((item) => item.count > 0 || item.hasReacted),
      );
    expect(present.get("comment")?.get(liked)).toEqual([
      expect.objectContaining({ urlcode: "Like", count: 1, hasReacted: true }),
    ]);
    expect(present.get("comment")?.get(quiet)).toEqual([]);
  });
});
