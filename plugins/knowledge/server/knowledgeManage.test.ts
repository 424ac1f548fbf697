import { serverApplications } from "@applications/serverApplications";
import { createTestApp, dialectsAmong, testDialects, type TestApp } from "@library/server/testing/testApp";
import type { Article, ArticleRevision, KnowledgeCategory } from "../api/knowledgeApi";
import { makeArticle, makeBase, richBody, signedInCast, type SignedIn } from "./testing/knowledgeTesting";

for (const dialect of testDialects)
  describe(`managing knowledge bases (${dialect})`, () => {
    let testApp: TestApp;
    let admin: SignedIn;
    let editor: SignedIn;
    let member: SignedIn;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, serverApplications);
      const cast = await signedInCast(testApp);
      ({ admin, member } = cast);
      editor = cast.moderator;
      expect((await admin.client.patch("/api/v2/addons/knowledge", { enabled: true })).status).toBe(200);
    });
    afterAll(() => testApp.close());

    it("searches one base's articles, or some of its categories, and ignores those filters for discussions", async () => {
      const first = await makeBase(admin.client, "Gliders One");
      const second = await makeBase(admin.client, "Gliders Two");
      const category = await admin.client.post<KnowledgeCategory>("/api/v2/knowledge-categories", {
        knowledgeBaseID: first.knowledgeBaseID,
        name: "Wings",
      });
      const inFirst = await makeArticle(editor.client, first.rootCategoryID, "Glider basics", {
        text: "Glider launch.",
      });
      const inCategory = await makeArticle(editor.client, category.body.knowledgeCategoryID, "Glider wings", {
        text: "Glider wing care.",
      });
      const inSecond = await makeArticle(editor.client, second.rootCategoryID, "Glider landing", {
        text: "Glider landing.",
      });
      await testApp.context.jobs.drain();
      const ids = async (query: string) => {
        const response = await member.client.get<{ recordID: number }[]>(`/api/v2/search?${query}`);
        expect(response.status).toBe(200);
        return response.body.map((result) => result.recordID).sort((a, b) => a - b);
      };
      expect(await ids("query=glider&recordTypes=article")).toEqual([
        inFirst.articleID,
        inCategory.articleID,
        inSecond.articleID,
      ]);
      expect(await ids(`query=glider&recordTypes=article&knowledgeBaseID=${first.knowledgeBaseID}`)).toEqual([
        inFirst.articleID,
        inCategory.articleID,
      ]);
      expect(
        await ids(`query=glider&domain=knowledgeBase&knowledgeBaseID=${second.knowledgeBaseID}`),
      ).toEqual([inSecond.articleID]);
      expect(
        await ids(
          `query=glider&recordTypes=article&knowledgeCategoryIDs=${category.body.knowledgeCategoryID},${second.rootCategoryID}`,
        ),
      ).toEqual([inCategory.articleID, inSecond.articleID]);
      // Without words, the filter alone lists that base's articles; an empty base finds nothing.
      expect(await ids(`recordTypes=article&knowledgeBaseID=${second.knowledgeBaseID}`)).toEqual([
        inSecond.articleID,
      ]);
      const empty = await makeBase(admin.client, "Gliders Empty");
      expect(await ids(`query=glider&recordTypes=article&knowledgeBaseID=${empty.knowledgeBaseID}`)).toEqual(
        [],
      );
      // Inapplicable to discussions: ignored there (API.md 15).
      expect(await ids(`recordTypes=discussion&knowledgeBaseID=${first.knowledgeBaseID}`)).toEqual([]);

      const page = await member.client.get(
        `/kb/search?query=glider&knowledgeBaseID=${second.knowledgeBaseID}`,
      );
      expect(page.status).toBe(200);
      expect(page.text).toContain("Search in Gliders Two");
      expect(page.text).toContain("Glider landing");
      expect(page.text).not.toContain("Glider basics");
      const basePage = await member.client.get("/kb/gliders-two");
      expect(basePage.text).toContain(`name="knowledgeBaseID" value="${second.knowledgeBaseID}"`);
      expect((await member.client.get("/kb/search?query=glider&knowledgeBaseID=99999999")).status).toBe(404);
    });

    it("lets only managers change, move and delete, and only editors delete articles", async () => {
      const base = await makeBase(admin.client, "Manage Base");
      const post = (name: string, parentID?: number) =>
        admin.client.post<KnowledgeCategory>("/api/v2/knowledge-categories", {
          knowledgeBaseID: base.knowledgeBaseID,
          name,
          ...(parentID ? { parentID } : {}),
        });
      const a = (await post("Alpha")).body;
      const b = (await post("Beta")).body;
      const article = await makeArticle(editor.client, a.knowledgeCategoryID, "Manage article");

      expect(
        (await member.client.patch(`/api/v2/knowledge-bases/${base.knowledgeBaseID}`, { name: "X" })).status,
      ).toBe(403);
      expect((await editor.client.delete(`/api/v2/knowledge-bases/${base.knowledgeBaseID}`)).status).toBe(
        403,
      );
      expect(
        (
          await member.client.patch(`/api/v2/knowledge-categories/${b.knowledgeCategoryID}`, {
            parentID: a.knowledgeCategoryID,
          })
        ).status,
      ).toBe(403);
      expect(
        (await member.client.delete(`/api/v2/knowledge-categories/${b.knowledgeCategoryID}`)).status,
      ).toBe(403);
      expect((await member.client.delete(`/api/v2/articles/${article.articleID}`)).status).toBe(403);

      // Moving: under another parent, then to another place in the order.
      const moved = await admin.client.patch<KnowledgeCategory>(
        `/api/v2/knowledge-categories/${b.knowledgeCategoryID}`,
        {
          parentID: a.knowledgeCategoryID,
        },
      );
      expect(moved.status).toBe(200);
      expect(moved.body.parentID).toBe(a.knowledgeCategoryID);
      const loop = await admin.client.patch(`/api/v2/knowledge-categories/${a.knowledgeCategoryID}`, {
        parentID: b.knowledgeCategoryID,
      });
      expect(loop.status).toBe(422);
      await admin.client.patch(`/api/v2/knowledge-categories/${b.knowledgeCategoryID}`, {
        parentID: base.rootCategoryID,
        sort: -1,
      });
      const order = await member.client.get<KnowledgeCategory[]>(
        `/api/v2/knowledge-categories?knowledgeBaseID=${base.knowledgeBaseID}`,
      );
      expect(order.body.map((category) => category.name)).toEqual(["Manage Base", "Beta", "Alpha"]);

      // A category with articles stays; empty, it goes.
      expect(
        (await admin.client.delete(`/api/v2/knowledge-categories/${a.knowledgeCategoryID}`)).status,
      ).toBe(409);
      expect(
        (await admin.client.delete(`/api/v2/knowledge-categories/${b.knowledgeCategoryID}`)).status,
      ).toBe(204);
      expect((await editor.client.delete(`/api/v2/articles/${article.articleID}`)).status).toBe(204);
      expect(
        (await admin.client.delete(`/api/v2/knowledge-categories/${a.knowledgeCategoryID}`)).status,
      ).toBe(204);

      const renamed = await admin.client.patch<{ name: string }>(
        `/api/v2/knowledge-bases/${base.knowledgeBaseID}`,
        {
          name: "Managed Base",
          description: "Renamed.",
        },
      );
      expect(renamed.body).toMatchObject({ name: "Managed Base" });
      expect((await admin.client.delete(`/api/v2/knowledge-bases/${base.knowledgeBaseID}`)).status).toBe(204);
      expect((await member.client.get("/kb/manage-base")).status).toBe(404);
    });

    it("lists revisions with their authors, shows one and restores it as a new revision", async () => {
      const base = await makeBase(admin.client, "Revision Base");
      const article = await makeArticle(editor.client, base.rootCategoryID, "First title", {
        text: "First body.",
      });
      await admin.client.patch<Article>(`/api/v2/articles/${article.articleID}`, {
        name: "Second title",
        body: richBody("Second body."),
      });
      const listed = await editor.client.get<ArticleRevision[]>(
        `/api/v2/articles/${article.articleID}/revisions`,
      );
      expect(listed.status).toBe(200);
      expect(listed.body.map((revision) => [revision.name, revision.insertUser.name])).toEqual([
        ["Second title", admin.user.name],
        ["First title", editor.user.name],
      ]);
      const oldest = listed.body[1];
      if (!oldest) throw new Error("no first revision");
      const one = await editor.client.get<ArticleRevision>(
        `/api/v2/article-revisions/${oldest.articleRevisionID}`,
      );
      expect(one.body).toMatchObject({ name: "First title", articleID: article.articleID });
      expect(one.body.body).toContain("First body.");
      expect((await member.client.get(`/api/v2/article-revisions/${oldest.articleRevisionID}`)).status).toBe(
        403,
      );
      expect(
        (await member.client.post(`/api/v2/article-revisions/${oldest.articleRevisionID}/restore`, {}))
          .status,
      ).toBe(403);
      expect((await editor.client.get("/api/v2/article-revisions/99999999")).status).toBe(404);
      // Nothing changed after the refused restore.
      expect((await member.client.get<Article>(`/api/v2/articles/${article.articleID}`)).body.name).toBe(
        "Second title",
      );

      const restored = await editor.client.post<Article>(
        `/api/v2/article-revisions/${oldest.articleRevisionID}/restore`,
        {},
      );
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({ name: "First title", status: "published" });
      expect(restored.body.body).toContain("First body.");
      const after = await editor.client.get<ArticleRevision[]>(
        `/api/v2/articles/${article.articleID}/revisions`,
      );
      expect(after.body.map((revision) => [revision.name, revision.insertUser.name])).toEqual([
        ["First title", editor.user.name],
        ["Second title", admin.user.name],
        ["First title", editor.user.name],
      ]);
    });
  });

for (const dialect of dialectsAmong(["postgres"]))
  describe(`concurrent knowledge category moves (${dialect})`, () => {
    let testApp: TestApp;
    let admin: SignedIn;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, serverApplications);
      ({ admin } = await signedInCast(testApp));
      expect((await admin.client.patch("/api/v2/addons/knowledge", { enabled: true })).status).toBe(200);
    });
    afterAll(() => testApp.close());

    it("never makes a loop when two managers move two categories under each other at once", async () => {
      const base = await makeBase(admin.client, "Loop Base");
      const post = async (name: string) =>
        (
          await admin.client.post<KnowledgeCategory>("/api/v2/knowledge-categories", {
            knowledgeBaseID: base.knowledgeBaseID,
            name,
          })
        ).body.knowledgeCategoryID;
      for (let round = 0; round < 5; round++) {
        const a = await post(`A${round}`);
        const b = await post(`B${round}`);
        // Each move alone is valid; both together would put each under the other.
        const statuses = (
          await Promise.all([
            admin.client.patch(`/api/v2/knowledge-categories/${a}`, { parentID: b }),
            admin.client.patch(`/api/v2/knowledge-categories/${b}`, { parentID: a }),
          ])
        )
          .map((response) => response.status)
          .sort();
        expect(statuses).toEqual([200, 422]);
        const all = await admin.client.get<KnowledgeCategory[]>(
          `/api/v2/knowledge-categories?knowledgeBaseID=${base.knowledgeBaseID}`,
        );
        const pair = all.body.filter((row) => row.knowledgeCategoryID === a || row.knowledgeCategoryID === b);
        expect(pair.filter((row) => row.parentID === a || row.parentID === b)).toHaveLength(1);
      }
    });

    it("never leaves an article in a category deleted while it moved there", async () => {
      const base = await makeBase(admin.client, "Race Base");
      for (let round = 0; round < 5; round++) {
        const category = (
          await admin.client.post<KnowledgeCategory>("/api/v2/knowledge-categories", {
            knowledgeBaseID: base.knowledgeBaseID,
            name: `Short-lived ${round}`,
          })
        ).body.knowledgeCategoryID;
        const article = await makeArticle(admin.client, base.rootCategoryID, `Mover ${round}`);
        const [deleted, moved] = await Promise.all([
          admin.client.delete(`/api/v2/knowledge-categories/${category}`),
          admin.client.patch(`/api/v2/articles/${article.articleID}`, { knowledgeCategoryID: category }),
        ]);
        // One wins: the category is gone and the move refused, or the article moved and the category stays.
        expect([deleted.status, moved.status]).toEqual(deleted.status === 204 ? [204, 422] : [409, 200]);
        const now = await admin.client.get<Article>(`/api/v2/articles/${article.articleID}`);
        expect(
          (await admin.client.get(`/api/v2/knowledge-categories/${now.body.knowledgeCategoryID}`)).status,
        ).toBe(200);
      }
    });
  });
