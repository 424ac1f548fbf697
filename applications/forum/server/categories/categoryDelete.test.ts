import type { Category } from "@forum/api/categories";
import type { LongRunnerResult } from "@forum/api/longRunner";
import type { TestUser } from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { CATEGORY_DELETE_BATCH } from "./categoryDelete";
import {
  countMismatches,
  createForumTestApp,
  forumClient,
  forumRowCount,
  makeCategory,
  makeComment,
  makeDiscussion,
} from "../testing/forumTesting";

const JWT = { "content-type": "application/system+jwt" };
/** Two full batches and a bit: four rounds under a zero budget (one batch a round, then the last step). */
const MANY = CATEGORY_DELETE_BATCH * 2 + 10;

describe.each(testDialects)("deleting a big category on %s", (dialect) => {
  let testApp: TestApp;
  let admin: { client: TestClient; user: TestUser };
  let member: { client: TestClient; user: TestUser };
  let parent: Category;
  let target: Category;
  let discussionIDs: number[];
  let commented: number[];

  const inCategory = async (categoryID: number) =>
    (
      await testApp.context.db
        .selectFrom("discussions")
        .select("discussionID")
        .where("categoryID", "=", categoryID)
        .orderBy("discussionID")
        .execute()
    ).map((row) => row.discussionID);
  const category = (categoryID: number) => member.client.get<Category>(`/api/v2/categories/${categoryID}`);

  /** Follows callback payloads until none is left; returns every id reported done and the rounds run. */
  async function runToEnd(first: { status: number; body: LongRunnerResult }) {
    expect(first.status).toBe(408);
    const done = [...first.body.progress.successIDs];
    let next = first.body.callbackPayload;
    let rounds = 1;
    let last = first;
    while (next !== null) {
      last = await admin.client.request<LongRunnerResult>("POST", "/api/v2/calls/run", next, JWT);
      expect([200, 408]).toContain(last.status);
      done.push(...last.body.progress.successIDs);
      next = last.body.callbackPayload;
      rounds += 1;
    }
    expect(last.status).toBe(200);
    return { done, rounds };
  }

  /**
   * `count` discussions in a category: a few through the API, the rest copied from the first in the database
   * (hundreds of API posts would take minutes), with the author's and the category's counts brought along.
   */
  async function crowd(categoryID: number, count: number): Promise<number[]> {
    const db = testApp.context.db;
    const made = [];
    for (let index = 0; index < 3; index += 1)
      made.push((await makeDiscussion(member.client, categoryID, `Topic ${index}`)).discussionID);
    const template = await db
      .selectFrom("discussions")
      .selectAll()
      .where("discussionID", "=", made[0] as number)
      .executeTakeFirstOrThrow();
    const { discussionID: _omit, ...row } = template;
    for (let index = made.length; index < count; index += 50)
      await db
        .insertInto("discussions")
        .values(
          Array.from({ length: Math.min(50, count - index) }, (_, offset) => ({
            ...row,
            name: `Topic ${index + offset}`,
          })),
        )
        .execute();
    await db
      .updateTable("users")
      .set((eb) => ({ countDiscussions: eb("countDiscussions", "+", count - made.length) }))
      .where("userID", "=", template.insertUserID)
      .execute();
    await db
      .updateTable("categories")
      .set((eb) => ({
        countDiscussions: eb("countDiscussions", "+", count - made.length),
        countAllDiscussions: eb("countAllDiscussions", "+", count - made.length),
      }))
      .where("categoryID", "=", categoryID)
      .execute();
    expect(await countMismatches(testApp.context)).toEqual([]);
    return inCategory(categoryID);
  }

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    admin = await forumClient(testApp, { role: "Administrator" });
    member = await forumClient(testApp);
    parent = await makeCategory(admin.client, { name: "Parent", displayAs: "categories" });
    target = await makeCategory(admin.client, { name: "Target", parentCategoryID: parent.categoryID });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("moves every discussion over several rounds, then deletes the category", async () => {
    const source = await makeCategory(admin.client, { name: "Crowded" });
    discussionIDs = await crowd(source.categoryID, MANY);
    commented = discussionIDs.slice(0, 3);
    for (const discussionID of commented) await makeComment(member.client, discussionID);

    // 409 and 422 are answered before any work, as before.
    expect(
      (
        await admin.client.delete(
          `/api/v2/categories/${source.categoryID}?newCategoryID=${source.categoryID}`,
        )
      ).status,
    ).toBe(422);
    expect((await admin.client.delete(`/api/v2/categories/${parent.categoryID}`)).status).toBe(409);
    expect((await member.client.delete(`/api/v2/categories/${source.categoryID}`)).status).toBe(403);
    expect(await inCategory(source.categoryID)).toHaveLength(MANY);

    const first = await admin.client.delete<LongRunnerResult>(
      `/api/v2/categories/${source.categoryID}?newCategoryID=${target.categoryID}&longRunnerTimeout=0`,
    );
    expect(first.body.progress).toMatchObject({ countTotalIDs: MANY, failedIDs: [] });
    expect(first.body.progress.successIDs).toHaveLength(CATEGORY_DELETE_BATCH);
    // Between rounds the counts are whole: a batch moves with its counts.
    expect((await category(source.categoryID)).body.countDiscussions).toBe(MANY - CATEGORY_DELETE_BATCH);
    expect((await category(parent.categoryID)).body.countAllDiscussions).toBe(CATEGORY_DELETE_BATCH);
    expect(await countMismatches(testApp.context)).toEqual([]);
    // A payload runs once: posting the same one again is refused and changes nothing.
    const payload = first.body.callbackPayload as string;
    const second = await admin.client.request<LongRunnerResult>("POST", "/api/v2/calls/run", payload, JWT);
    expect(second.status).toBe(408);
    expect((await admin.client.request("POST", "/api/v2/calls/run", payload, JWT)).status).toBe(400);
    const { done, rounds } = await runToEnd(second);
    expect(rounds).toBe(3);
    expect([...first.body.progress.successIDs, ...done].sort((a, b) => a - b)).toEqual(discussionIDs);

    expect((await category(source.categoryID)).status).toBe(404);
    expect(await inCategory(target.categoryID)).toEqual(discussionIDs);
    expect((await category(target.categoryID)).body).toMatchObject({
      countDiscussions: MANY,
      countComments: commented.length,
    });
    expect((await category(parent.categoryID)).body).toMatchObject({
      countAllDiscussions: MANY,
      countAllComments: commented.length,
    });
    expect(await countMismatches(testApp.context)).toEqual([]);
  }, 120_000);

  it("resumes when a delete is started again, and deletes the content over several rounds", async () => {
    const comments = await forumRowCount(testApp.context, "comments");
    // One round, then the caller walks away: the job is abandoned with a batch done and counts whole.
    const abandoned = await admin.client.delete<LongRunnerResult>(
      `/api/v2/categories/${target.categoryID}?longRunnerTimeout=0`,
    );
    expect(abandoned.status).toBe(408);
    expect(await inCategory(target.categoryID)).toHaveLength(MANY - CATEGORY_DELETE_BATCH);
    expect(await countMismatches(testApp.context)).toEqual([]);
    // Starting again picks up what is left.
    const again = await admin.client.delete<LongRunnerResult>(
      `/api/v2/categories/${target.categoryID}?longRunnerTimeout=0`,
    );
    expect(again.body.progress.countTotalIDs).toBe(MANY - CATEGORY_DELETE_BATCH);
    const { done } = await runToEnd(again);
    expect([...abandoned.body.progress.successIDs, ...done].sort((a, b) => a - b)).toEqual(discussionIDs);
    expect((await category(target.categoryID)).status).toBe(404);
    expect((await category(parent.categoryID)).body).toMatchObject({
      countCategories: 0,
      countAllDiscussions: 0,
      countAllComments: 0,
    });
    for (const discussionID of [...commented, discussionIDs[100] as number])
      expect((await member.client.get(`/api/v2/discussions/${discussionID}`)).status).toBe(404);
    expect(await forumRowCount(testApp.context, "comments")).toBe(comments - commented.length);
    expect(await countMismatches(testApp.context)).toEqual([]);
  }, 120_000);

  it("stops whole when the target goes away mid-way: no batch half done, the category kept", async () => {
    const source = await makeCategory(admin.client, { name: "Stranded" });
    const ids = await crowd(source.categoryID, CATEGORY_DELETE_BATCH + 5);
    const away = await makeCategory(admin.client, { name: "Going away" });
    const first = await admin.client.delete<LongRunnerResult>(
      `/api/v2/categories/${source.categoryID}?newCategoryID=${away.categoryID}&longRunnerTimeout=0`,
    );
    expect(first.status).toBe(408);
    expect(
      (await admin.client.delete(`/api/v2/categories/${away.categoryID}?newCategoryID=${parent.categoryID}`))
        .status,
    ).toBe(204);
    const refused = await admin.client.request("POST", "/api/v2/calls/run", first.body.callbackPayload, JWT);
    expect(refused.status).toBe(422);
    expect(await inCategory(source.categoryID)).toEqual(ids.slice(CATEGORY_DELETE_BATCH));
    expect(await inCategory(parent.categoryID)).toEqual(ids.slice(0, CATEGORY_DELETE_BATCH));
    expect((await category(source.categoryID)).body.countDiscussions).toBe(5);
    expect(await countMismatches(testApp.context)).toEqual([]);
    // The job ended with the refusal: its payload runs nothing more.
    expect(
      (await admin.client.request("POST", "/api/v2/calls/run", first.body.callbackPayload as string, JWT))
        .status,
    ).toBe(400);
  });

  it("deletes a small category in one request with 204", async () => {
    const small = await makeCategory(admin.client, { name: "Small" });
    await makeDiscussion(member.client, small.categoryID, "Only one");
    const response = await admin.client.delete(
      `/api/v2/categories/${small.categoryID}?newCategoryID=${parent.categoryID}`,
    );
    expect(response.status).toBe(204);
    expect((await category(small.categoryID)).status).toBe(404);
    expect(await countMismatches(testApp.context)).toEqual([]);
  });
});
