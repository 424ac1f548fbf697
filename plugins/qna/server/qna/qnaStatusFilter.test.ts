import type { LayoutNode } from "@forum/api/widgetProps";
import { serverApplications } from "@applications/serverApplications";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import { makeCategory, makeComment, makeDiscussion, qnaCast, type SignedIn } from "../testing/qnaTesting";

const asQuestion = { type: "question" };

/** The nodes of a page tree, depth first. */
function allNodes(nodes: readonly LayoutNode[]): LayoutNode[] {
  return nodes.flatMap((item) => {
    const children = (item.$reactProps as { children?: LayoutNode[] }).children ?? [];
    return [item, ...allNodes(children)];
  });
}

describe.each(testDialects)("Q&A status filter on list pages (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let asker: SignedIn;
  let answerer: SignedIn;
  let categoryID: number;
  const urlcode = "asked-here";
  const titles = {
    unanswered: "Nobody knows yet",
    answered: "Somebody replied",
    accepted: "Solved for good",
  };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const cast = await qnaCast(testApp);
    admin = cast.admin;
    asker = cast.member;
    answerer = cast.other;
    expect((await admin.client.patch("/api/v2/addons/qna", { enabled: true })).status).toBe(200);
    categoryID = await makeCategory(testApp, admin.client, "Asked Here");
    await makeDiscussion(asker.client, categoryID, titles.unanswered, asQuestion);
    const answered = await makeDiscussion(asker.client, categoryID, titles.answered, asQuestion);
    await makeComment(answerer.client, answered, "Try turning it off and on.");
    const accepted = await makeDiscussion(asker.client, categoryID, titles.accepted, asQuestion);
    const answerID = await makeComment(answerer.client, accepted, "Settings, then Export.");
    await testApp.context.jobs.drain();
    expect((await asker.client.put(`/api/v2/qna/answers/${answerID}/accept`)).status).toBe(200);
    await testApp.context.jobs.drain();
  });
  afterAll(() => testApp.close());

  const page = async (path: string) => {
    const response = await asker.client.get(path);
    expect(response.status).toBe(200);
    return response.text;
  };
  const shown = (text: string) =>
    Object.entries(titles)
      .filter(([, title]) => text.includes(title))
      .map(([status]) => status);

  it("offers Unanswered, Answered and Accepted above a category's list, each listing those questions", async () => {
    const all = await page(`/categories/${urlcode}`);
    expect(all).toContain('<nav class="qnaFilter" aria-label="Questions">');
    for (const statusID of [0, 1, 2])
      expect(all).toContain(`href="/categories/${urlcode}?type=question&amp;statusID=${statusID}"`);
    expect(all).toMatch(/href="\/categories\/asked-here" aria-current="page">All</);
    expect(shown(all)).toEqual(["unanswered", "answered", "accepted"]);

    for (const [status, statusID] of [
      ["unanswered", 0],
      ["answered", 1],
      ["accepted", 2],
    ] as const) {
      const filtered = await page(`/categories/${urlcode}?type=question&statusID=${statusID}`);
      expect(shown(filtered)).toEqual([status]);
      expect(filtered).toMatch(
        new RegExp(
          `statusID=${statusID}" aria-current="page">${status[0]!.toUpperCase()}${status.slice(1)}<`,
        ),
      );
    }
  });

  it("filters the recent discussions too, and the single-page layout carries the same filter", async () => {
    const recent = await page("/discussions?type=question&statusID=2");
    expect(recent).toContain('href="/discussions?type=question&amp;statusID=0"');
    expect(shown(recent)).toEqual(["accepted"]);

    const layout = await asker.client.get<{ layout: LayoutNode[] }>(
      `/api/v2/layouts/lookup-hydrate?layoutViewType=discussionCategoryPage&recordType=category&recordID=${urlcode}&params[type]=question&params[statusID]=1`,
    );
    expect(layout.status).toBe(200);
    const nodes = allNodes(layout.body.layout);
    const filter = nodes.find((item) => item.$reactComponent === "QnaStatusFilter");
    expect(filter?.$reactProps).toEqual({ listUrl: `/categories/${urlcode}`, current: "answered" });
    const list = nodes.find((item) => item.$reactComponent === "DiscussionListModule");
    const listProps = list?.$reactProps as { discussions: { name: string }[]; apiParams: object };
    expect(listProps.discussions.map((discussion) => discussion.name)).toEqual([titles.answered]);
    expect(listProps.apiParams).toMatchObject({ type: "question", statusID: 1 });
  });

  it("leaves the filter out of categories that take no questions, and ignores malformed filters", async () => {
    const plain = await admin.client.post<{ categoryID: number }>("/api/v2/categories", {
      name: "Chatter Only",
      urlcode: "chatter-only",
      allowedDiscussionTypes: ["discussion"],
    });
    expect(plain.status).toBe(201);
    expect(await page("/categories/chatter-only")).not.toContain("qnaFilter");
    const malformed = await page(`/categories/${urlcode}?type=<b>&statusID=x`);
    expect(shown(malformed)).toEqual(["unanswered", "answered", "accepted"]);
    expect(malformed).toMatch(/aria-current="page">All</);
  });

  it("is gone while the add-on is disabled, and back once it is enabled again", async () => {
    expect((await admin.client.patch("/api/v2/addons/qna", { enabled: false })).status).toBe(200);
    try {
      expect(await page(`/categories/${urlcode}`)).not.toContain("qnaFilter");
      expect(await page("/discussions")).not.toContain("qnaFilter");
    } finally {
      await admin.client.patch("/api/v2/addons/qna", { enabled: true });
    }
    expect(await page("/discussions")).toContain('<nav class="qnaFilter" aria-label="Questions">');
  });
});
