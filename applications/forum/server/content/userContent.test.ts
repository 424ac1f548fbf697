import type { TestUser } from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { invalidateCategoryTree } from "../categories/categoryTree";
import {
  countMismatches,
  createForumTestApp,
  forumClient,
  forumRowCount,
  makeCategory,
  makeComment,
  makeDiscussion,
} from "../testing/forumTesting";
import { forumUserContentHandler } from "./userContent";

describe.each(testDialects)("a deleted user's posts on %s", (dialect) => {
  let testApp: TestApp;
  let admin: { client: TestClient; user: TestUser };
  let leaving: { client: TestClient; user: TestUser };
  let staying: { client: TestClient; user: TestUser };

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    admin = await forumClient(testApp, { role: "Administrator" });
    leaving = await forumClient(testApp);
    staying = await forumClient(testApp);
    const category = await makeCategory(admin.client, { name: "Talk" });
    const theirs = await makeDiscussion(leaving.client, category.categoryID, "Theirs");
    await makeComment(staying.client, theirs.discussionID, "reply on theirs");
    const ours = await makeDiscussion(staying.client, category.categoryID, "Ours");
    await makeComment(staying.client, ours.discussionID, "early");
    await makeComment(leaving.client, ours.discussionID, "late");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("keeps, wipes, then deletes their content with every count fixed", async () => {
    const run = (method: "keep" | "wipe" | "delete") =>
      testApp.context.db
        .transaction()
        .execute((trx) => forumUserContentHandler(trx, leaving.user.userID, method, testApp.context.dialect));
    await run("keep");
    expect(await forumRowCount(testApp.context, "comments")).toBe(3);
    await run("wipe");
    const wiped = await testApp.context.db
      .selectFrom("comments")
      .select("bodyHtml")
      .where("insertUserID", "=", leaving.user.userID)
      .executeTakeFirstOrThrow();
    expect(wiped.bodyHtml).toBe("");
    await run("delete");
    invalidateCategoryTree(testApp.context.db);
    expect(await forumRowCount(testApp.context, "discussions")).toBe(1);
    expect(await forumRowCount(testApp.context, "comments")).toBe(1);
    expect(await countMismatches(testApp.context)).toEqual([]);
  });
});
