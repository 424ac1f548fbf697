import type { Category } from "@forum/api/categories";
import { recountCounters } from "@library/server/cli/recountCounters";
import { sql } from "kysely";
import { testDialects, type TestApp, type TestResponse } from "@library/server/testing/testApp";
import {
  countMismatches,
  createForumTestApp,
  forumClient,
  makeCategory,
  makeComment,
  makeDiscussion,
  rich2,
  type SignedIn,
} from "../testing/forumTesting";

async function orphanComments(testApp: TestApp): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*) as "count" from "comments" c
    where not exists (select 1 from "discussions" d where d."discussionID" = c."discussionID")`.execute(
    testApp.context.db,
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * Comments posted, deleted and reacted to while their discussions move between categories (a parent, its child
 * and a sibling) and are deleted, all at once: on PostgreSQL these run on several connections and meet in the
 * row locks. Whatever order they land in, no request fails with a 5xx, no comment is left without its
 * discussion and every stored counter equals its recount.
 */
describe.each(testDialects)("racing forum writes on %s", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let members: SignedIn[];
  let categories: Category[];

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    admin = await forumClient(testApp, { role: "Administrator" });
    members = [];
    for (let index = 0; index < 4; index += 1) members.push(await forumClient(testApp));
    const parent = await makeCategory(admin.client, { name: "Parent" });
    categories = [
      parent,
      await makeCategory(admin.client, { name: "Child", parentCategoryID: parent.categoryID }),
      await makeCategory(admin.client, { name: "Sibling" }),
    ];
  });
  afterAll(async () => {
    await testApp.close();
  });

  const member = (index: number): SignedIn => members[index % members.length] as SignedIn;
  const category = (index: number): number => (categories[index % categories.length] as Category).categoryID;

  it("keeps counters exact and leaves no orphans while comments race moves and deletes", async () => {
    const statuses: number[] = [];
    const track = async (request: Promise<TestResponse>) => {
      statuses.push((await request).status);
    };
    for (let round = 0; round < 3; round += 1) {
      const discussions = [];
      for (let index = 0; index < 4; index += 1)
        discussions.push(
          (await makeDiscussion(member(index).client, category(index), `Round ${round} #${index}`))
            .discussionID,
        );
      const [first = 0, second = 0, third = 0, fourth = 0] = discussions;
      const existing = await makeComment(member(1).client, first, "Before the race");
      const writes: Promise<void>[] = [];
      for (let index = 0; index < 20; index += 1) {
        writes.push(
          track(
            member(index).client.post("/api/v2/comments", {
              discussionID: discussions[index % discussions.length],
              body: rich2(`Race ${round}.${index}`),
              format: "rich2",
              ...(index % 5 === 0 ? { parentCommentID: existing, discussionID: first } : {}),
            }),
          ),
        );
        if (index === 2)
          writes.push(track(admin.client.patch(`/api/v2/discussions/${first}`, { categoryID: category(1) })));
        if (index === 5)
          writes.push(
            track(admin.client.patch(`/api/v2/discussions/${second}`, { categoryID: category(2) })),
          );
        if (index === 7) writes.push(track(admin.client.delete(`/api/v2/discussions/${third}`)));
        if (index === 9)
          writes.push(track(admin.client.patch(`/api/v2/discussions/${first}`, { categoryID: category(2) })));
        if (index === 11) writes.push(track(admin.client.delete(`/api/v2/comments/${existing}`)));
        if (index === 12)
          writes.push(
            track(member(2).client.post(`/api/v2/discussions/${fourth}/reactions`, { reactionType: "Like" })),
          );
        if (index === 14) writes.push(track(admin.client.delete(`/api/v2/discussions/${fourth}`)));
        if (index === 16)
          writes.push(
            track(admin.client.patch(`/api/v2/discussions/${second}`, { categoryID: category(0) })),
          );
      }
      await Promise.all(writes);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    // 410: a write that reached a discussion or comment after its (soft) delete.
    expect(statuses.filter((status) => ![200, 201, 204, 400, 404, 410].includes(status))).toEqual([]);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(20);
    expect(await orphanComments(testApp)).toBe(0);
    expect(await countMismatches(testApp.context)).toEqual([]);
    expect(await recountCounters(testApp.context)).toEqual([]);
  }, 20_000);

  it("deletes a category while comments are posted into it and its discussions move out", async () => {
    const doomed = await makeCategory(admin.client, { name: "Doomed", parentCategoryID: category(0) });
    const discussions = [];
    for (let index = 0; index < 3; index += 1)
      discussions.push(
        (await makeDiscussion(member(index).client, doomed.categoryID, `Doomed #${index}`)).discussionID,
      );
    const requests: Promise<TestResponse>[] = [];
    for (let index = 0; index < 12; index += 1) {
      requests.push(
        member(index).client.post("/api/v2/comments", {
          discussionID: discussions[index % discussions.length],
          body: rich2(`Into the doomed category ${index}`),
          format: "rich2",
        }),
      );
      if (index === 4)
        requests.push(
          admin.client.delete(`/api/v2/categories/${doomed.categoryID}?newCategoryID=${category(2)}`),
        );
      if (index === 6)
        requests.push(
          admin.client.patch(`/api/v2/discussions/${discussions[0]}`, { categoryID: category(1) }),
        );
    }
    const statuses = (await Promise.all(requests)).map((response) => response.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(await orphanComments(testApp)).toBe(0);
    expect(await countMismatches(testApp.context)).toEqual([]);
    expect(await recountCounters(testApp.context)).toEqual([]);
  }, 20_000);
});
