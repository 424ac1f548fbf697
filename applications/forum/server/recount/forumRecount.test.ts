import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Category } from "@forum/api/categories";
import { recountCounters } from "@library/server/cli/recountCounters";
import { runCli, type CliIO } from "@library/server/cli/runCli";
import { testConfig } from "@library/server/config/config";
import { describeCounterChange } from "@library/server/db/counterRecount";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import { sql } from "kysely";
import { forumApplication } from "../forumApplication";
import {
  countMismatches,
  createForumTestApp,
  forumCast,
  makeCategory,
  makeComment,
  makeDiscussion,
  rich2,
  type SignedIn,
} from "../testing/forumTesting";

describe.each(testDialects)("recount on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let member: SignedIn;
  let parent: Category;
  let child: Category;
  let discussionID: number;
  let commentID: number;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    ({ admin, member } = await forumCast(testApp));
    parent = await makeCategory(admin.client, { name: "Parent" });
    child = await makeCategory(admin.client, { name: "Child", parentCategoryID: parent.categoryID });
    discussionID = (await makeDiscussion(member.client, child.categoryID, "Counted")).discussionID;
    commentID = await makeComment(admin.client, discussionID, "First");
    const reply = await member.client.post("/api/v2/comments", {
      discussionID,
      parentCommentID: commentID,
      body: rich2("A reply"),
      format: "rich2",
    });
    expect(reply.status).toBe(201);
    expect(
      (await member.client.post(`/api/v2/comments/${commentID}/reactions`, { reactionType: "Like" })).status,
    ).toBe(201);
    expect(
      (await member.client.put(`/api/v2/categories/${child.categoryID}/follow`, { followed: true })).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("finds nothing to change after ordinary writes", async () => {
    expect(await recountCounters(testApp.context)).toEqual([]);
  });

  it("rebuilds corrupted counters, reports each change and leaves them consistent", async () => {
    const db = testApp.context.db;
    await db
      .updateTable("categories")
      .set({ countComments: 12, countAllComments: 40 })
      .where("categoryID", "=", child.categoryID)
      .execute();
    await db
      .updateTable("categories")
      .set({ countAllDiscussions: -3, countFollowers: 9 })
      .where("categoryID", "=", parent.categoryID)
      .execute();
    await db
      .updateTable("discussions")
      .set({ countComments: 7, lastCommentID: null, hot: 0 })
      .where("discussionID", "=", discussionID)
      .execute();
    await db
      .updateTable("comments")
      .set({ countChildComments: 0, score: 5 })
      .where("commentID", "=", commentID)
      .execute();
    await db
      .updateTable("users")
      .set({ countComments: 99 })
      .where("userID", "=", member.user.userID)
      .execute();
    await sql`update "reactionCounts" set "count" = 4`.execute(db);

    const lines = (await recountCounters(testApp.context)).map(describeCounterChange);

    const lastCommentID = (
      await db
        .selectFrom("discussions")
        .select("lastCommentID")
        .where("discussionID", "=", discussionID)
        .executeTakeFirstOrThrow()
    ).lastCommentID;
    expect(lines).toEqual(
      expect.arrayContaining([
        `categories #${child.categoryID} countComments 12 → 2`,
        `categories #${child.categoryID} countAllComments 40 → 2`,
        `categories #${parent.categoryID} countAllDiscussions -3 → 1`,
        `categories #${parent.categoryID} countFollowers 9 → 0`,
        `discussions #${discussionID} countComments 7 → 2`,
        `discussions #${discussionID} lastCommentID null → ${lastCommentID}`,
        `discussions #${discussionID} hot 0 → 2`,
        `comments #${commentID} countChildComments 0 → 1`,
        `comments #${commentID} score 5 → 1`,
        `users #${member.user.userID} countComments 99 → 1`,
        `reactionCounts #comment-${commentID}/7 count 4 → 1`,
      ]),
    );
    expect(lines).toHaveLength(11);
    expect(await countMismatches(testApp.context)).toEqual([]);
    expect(await recountCounters(testApp.context)).toEqual([]);
  });
});

describe("npm run forum -- recount", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-recount-"));
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("exits 0 and says when there is nothing to change", async () => {
    const output: string[] = [];
    const io: CliIO = { out: (text) => output.push(text), err: (text) => output.push(text) };
    const config = testConfig({ dataDir, databaseUrl: null });
    expect(await runCli(["seed"], [forumApplication], config, io)).toBe(0);
    output.length = 0;
    expect(await runCli(["recount"], [forumApplication], config, io)).toBe(0);
    expect(output).toEqual(["nothing to change"]);
  });
});
