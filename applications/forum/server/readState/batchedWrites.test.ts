import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { createTestUser } from "@library/server/testing/factories";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeDiscussion } from "../testing/forumTesting";
import { readStateBufferOf } from "./readStateBuffer";
import { viewCounterOf } from "./viewCounter";

/**
 * The page-view counts and read positions a server buffers are written a run of rows per statement: every row
 * lands once with its own values, whatever the batch's size, and a discussion gone meanwhile is skipped.
 */
describe.each(testDialects)("batched page-view writes on %s", (dialect) => {
  let testApp: TestApp;
  let discussionIDs: number[];
  /** A discussion that no longer exists (removed for good after its page was seen). */
  const goneID = 999_999;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const admin = await forumClient(testApp, { role: "Administrator" });
    const category = await makeCategory(admin.client, { name: "Batched" });
    discussionIDs = [];
    for (let index = 0; index < 7; index += 1)
      discussionIDs.push(
        (await makeDiscussion(admin.client, category.categoryID, `Batch ${index}`)).discussionID,
      );
  });
  afterAll(() => testApp.close());

  async function countViews(): Promise<Map<number, number>> {
    const rows = await testApp.context.db
      .selectFrom("discussions")
      .select(["discussionID", "countViews"])
      .where("discussionID", "in", discussionIDs)
      .execute();
    return new Map(rows.map((row) => [row.discussionID, Number(row.countViews)]));
  }

  it("adds each discussion's own number of views, over several statements of different sizes", async () => {
    const before = await countViews();
    const counter = viewCounterOf(testApp.context);
    // 1 + 2 + … + 7 = 28 views of seven discussions.
    discussionIDs.forEach((discussionID, index) => {
      for (let view = 0; view <= index; view += 1) counter.record(discussionID);
    });
    const statements = await testApp.statementsOf(() => counter.flush());
    // Runs of 4, 2 and 1 discussions.
    expect(statements.filter((text) => /^update "discussions"/i.test(text))).toHaveLength(3);
    const after = await countViews();
    discussionIDs.forEach((discussionID, index) =>
      expect((after.get(discussionID) ?? 0) - (before.get(discussionID) ?? 0)).toBe(index + 1),
    );
  });

  it("writes every member's position once, keeps the furthest and the latest, and never lowers a stored one", async () => {
    const first = await createTestUser(testApp.context);
    const second = await createTestUser(testApp.context);
    const members = [first, second, await createTestUser(testApp.context)];
    const buffer = readStateBufferOf(testApp.context);
    const db = testApp.context.db;
    // A position stored earlier, further than the one buffered now, with a bookmark the write must keep.
    await db
      .insertInto("userDiscussions")
      .values({
        userID: first.userID,
        discussionID: discussionIDs[0] as number,
        bookmarked: 1,
        dismissed: 0,
        muted: 0,
        dateLastViewed: "2026-01-01 00:00:00",
        countCommentsRead: 9,
        lastReadCommentID: null,
      })
      .execute();
    members.forEach((member, memberIndex) =>
      discussionIDs.forEach((discussionID, index) =>
        buffer.record(member.userID, discussionID, {
          countCommentsRead: memberIndex + index,
          lastReadCommentID: null,
          dateLastViewed: `2026-11-0${memberIndex + 1} 10:00:0${index}`,
        }),
      ),
    );
    buffer.record(second.userID, goneID, {
      countCommentsRead: 1,
      lastReadCommentID: null,
      dateLastViewed: "2026-11-02 10:00:00",
    });
    expect(buffer.size).toBe(3 * 7 + 1);
    const statements = await testApp.statementsOf(() => buffer.flush());
    // Runs of 16, 4 and 2 positions.
    expect(statements.filter((text) => /^insert into "userDiscussions"/i.test(text))).toHaveLength(3);
    expect(buffer.size).toBe(0);

    const rows = await db
      .selectFrom("userDiscussions")
      .selectAll()
      .where(
        "userID",
        "in",
        members.map((member) => member.userID),
      )
      .execute();
    expect(rows).toHaveLength(3 * 7);
    expect(rows.some((row) => row.discussionID === goneID)).toBe(false);
    for (const row of rows) {
      const memberIndex = members.findIndex((member) => member.userID === row.userID);
      const index = discussionIDs.indexOf(row.discussionID);
      if (row.userID === first.userID && index === 0) {
        expect(row).toMatchObject({
          bookmarked: 1,
          countCommentsRead: 9,
          dateLastViewed: "2026-11-01 10:00:00",
        });
        continue;
      }
      expect(row).toMatchObject({
        bookmarked: 0,
        countCommentsRead: memberIndex + index,
        dateLastViewed: `2026-11-0${memberIndex + 1} 10:00:0${index}`,
      });
    }
  });
});
