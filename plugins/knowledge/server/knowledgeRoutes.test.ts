import { serverApplications } from "@applications/serverApplications";
import { roleIDsByType } from "@library/server/db/defaultRoles";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import type { Article, ArticleRevision, KnowledgeBase, KnowledgeCategory } from "../api/knowledgeApi";
import {
  makeArticle,
  makeBase,
  makeComment,
  makeDiscussion,
  postCategory,
  richBody,
  signedInCast,
  type SignedIn,
} from "./testing/knowledgeTesting";

const pathOf = (url: string) => new URL(url).pathname;

describe.each(testDialects)("knowledge bases (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: SignedIn;
  let editor: SignedIn;
  let member: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    const cast = await signedInCast(testApp);
    ({ admin, member, other } = cast);
    editor = cast.moderator;
    expect((await admin.client.get("/api/v2/knowledge-bases")).status).toBe(404);
    expect((await admin.client.patch("/api/v2/addons/knowledge", { enabled: true })).status).toBe(200);
  });
  afterAll(() => testApp.close());

  it("lets managers make, change and delete bases and their category tree; readers only read", async () => {
    const created = await admin.client.post<KnowledgeBase>("/api/v2/knowledge-bases", {
      name: "Help Center",
      urlCode: "help-center",
      description: "Answers.",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Help Center", viewType: "help", countArticles: 0 });
    expect(new URL(created.body.url).pathname).toBe("/kb/help-center");
    const baseID = created.body.knowledgeBaseID;
    expect((await editor.client.post("/api/v2/knowledge-bases", { name: "No", urlCode: "no" })).status).toBe(
      403,
    );
    const duplicate = await admin.client.post<{ errors: { field: string }[] }>("/api/v2/knowledge-bases", {
      name: "Again",
      urlCode: "help-center",
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors.map((error) => error.field)).toEqual(["urlCode"]);
    const bad = await admin.client.post<{ errors: { field: string }[] }>("/api/v2/knowledge-bases", {
      name: "",
      urlCode: "Bad Code",
    });
    expect(bad.status).toBe(422);
    expect(
      (await member.client.get<KnowledgeBase[]>("/api/v2/knowledge-bases")).body.map((b) => b.name),
    ).toContain("Help Center");
    // Guests read knowledge bases by default (the permission's "reader" level), until the Guest role loses it.
    expect(
      (await testApp.guest().get<KnowledgeBase[]>("/api/v2/knowledge-bases")).body.map((b) => b.name),
    ).toContain("Help Center");
    const [guestRoleID] = await roleIDsByType(testApp.context.db, "guest");
    const revoke = await admin.client.patch(`/api/v2/roles/${guestRoleID}/permissions`, [
      { type: "global", id: null, permissions: { "knowledge.view": false } },
    ]);
    expect(revoke.status).toBe(200);
    expect((await testApp.guest().get("/api/v2/knowledge-bases")).status).toBe(403);
    expect((await testApp.guest().get("/kb")).status).toBe(403);
    await admin.client.patch(`/api/v2/roles/${guestRoleID}/permissions`, [
      { type: "global", id: null, permissions: { "knowledge.view": true } },
    ]);
    expect((await testApp.guest().get("/kb")).status).toBe(200);
    expect((await member.client.get("/api/v2/knowledge-bases/99999999")).status).toBe(404);

    const patched = await admin.client.patch<KnowledgeBase>(`/api/v2/knowledge-bases/${baseID}`, {
      viewType: "guide",
    });
    expect(patched.body.viewType).toBe("guide");
    expect((await member.client.patch(`/api/v2/knowledge-bases/${baseID}`, { name: "Mine" })).status).toBe(
      403,
    );

    const setup = await admin.client.post<KnowledgeCategory>("/api/v2/knowledge-categories", {
      knowledgeBaseID: baseID,
      name: "Setup",
    });
    expect(setup.status).toBe(201);
    expect(setup.body.parentID).toBe(created.body.rootCategoryID);
    const child = await admin.client.post<KnowledgeCategory>("/api/v2/knowledge-categories", {
      knowledgeBaseID: baseID,
      parentID: setup.body.knowledgeCategoryID,
      name: "Install",
    });
    const cycle = await admin.client.patch(`/api/v2/knowledge-categories/${setup.body.knowledgeCategoryID}`, {
      parentID: child.body.knowledgeCategoryID,
    });
    expect(cycle.status).toBe(422);
    expect(
      (await editor.client.post("/api/v2/knowledge-categories", { knowledgeBaseID: baseID, name: "X" }))
        .status,
    ).toBe(403);
    const unknownBase = await admin.client.post<{ errors: { field: string }[] }>(
      "/api/v2/knowledge-categories",
      {
        knowledgeBaseID: 99999999,
        name: "Nowhere",
      },
    );
    expect(unknownBase.status).toBe(422);
    expect(unknownBase.body.errors.map((error) => error.field)).toEqual(["knowledgeBaseID"]);
    const tree = await member.client.get<KnowledgeCategory[]>(
      `/api/v2/knowledge-categories?knowledgeBaseID=${baseID}`,
    );
    expect(tree.body.map((category) => category.name)).toEqual(["Help Center", "Setup", "Install"]);
    await makeArticle(editor.client, child.body.knowledgeCategoryID, "Installing");
    expect(
      (await admin.client.delete(`/api/v2/knowledge-categories/${setup.body.knowledgeCategoryID}`)).status,
    ).toBe(409);

    expect((await admin.client.delete(`/api/v2/knowledge-bases/${baseID}`)).status).toBe(204);
    expect((await member.client.get(`/api/v2/knowledge-bases/${baseID}`)).status).toBe(404);
    const left = await testApp.context.db
      .selectFrom("articles")
      .select("articleID")
      .where("knowledgeBaseID", "=", baseID)
      .execute();
    expect(left).toEqual([]);
  });

  it("keeps articles in the rich format with revisions; drafts stay hidden from readers until published", async () => {
    const base = await makeBase(admin.client, "Articles Base");
    const post = await editor.client.post<Article>("/api/v2/articles", {
      knowledgeCategoryID: base.rootCategoryID,
      name: "Reset a password",
      body: richBody("Open <script>alert(1)</script> settings."),
      format: "rich2",
      status: "draft",
    });
    expect(post.status).toBe(201);
    expect(post.body).toMatchObject({
      status: "draft",
      knowledgeBaseID: base.knowledgeBaseID,
      format: "rich2",
    });
    expect(post.body.body).toContain("&lt;script&gt;");
    expect(post.body.body).not.toContain("<script>");
    const id = post.body.articleID;
    expect((await member.client.get(`/api/v2/articles/${id}`)).status).toBe(404);
    expect(
      (await member.client.get<Article[]>(`/api/v2/articles?knowledgeBaseID=${base.knowledgeBaseID}`)).body,
    ).toEqual([]);
    expect(
      (
        await editor.client.get<Article[]>(
          `/api/v2/articles?knowledgeBaseID=${base.knowledgeBaseID}&status=draft`,
        )
      ).body.map((article) => article.articleID),
    ).toEqual([id]);
    expect((await member.client.get(`/kb/articles/${id}`)).status).toBe(404);

    const invalid = await editor.client.post<{ errors: { field: string }[] }>("/api/v2/articles", {
      knowledgeCategoryID: base.rootCategoryID,
      name: "Empty",
      body: richBody(""),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.map((error) => error.field)).toEqual(["body"]);
    const noCategory = await editor.client.post("/api/v2/articles", {
      knowledgeCategoryID: 99999999,
      name: "A",
      body: "x",
      format: "text",
    });
    expect(noCategory.status).toBe(422);
    expect(
      (
        await member.client.post("/api/v2/articles", {
          knowledgeCategoryID: base.rootCategoryID,
          name: "A",
          body: "x",
          format: "text",
        })
      ).status,
    ).toBe(403);

    const published = await editor.client.patch<Article>(`/api/v2/articles/${id}`, {
      status: "published",
      body: richBody("Open the settings page."),
    });
    expect(published.status).toBe(200);
    expect(published.body.body).toContain("Open the settings page.");
    expect((await member.client.get<Article>(`/api/v2/articles/${id}`)).body.name).toBe("Reset a password");
    expect((await member.client.patch(`/api/v2/articles/${id}`, { name: "Mine" })).status).toBe(403);
    await editor.client.patch(`/api/v2/articles/${id}`, { sort: 5 });
    const revisions = await editor.client.get<ArticleRevision[]>(`/api/v2/articles/${id}/revisions`);
    expect(revisions.body.map((revision) => revision.status)).toEqual(["published", "draft"]);
    expect(revisions.body[1]?.body).toContain("settings");
    expect((await member.client.get(`/api/v2/articles/${id}/revisions`)).status).toBe(403);

    expect((await member.client.delete(`/api/v2/articles/${id}`)).status).toBe(403);
    expect((await editor.client.delete(`/api/v2/articles/${id}`)).status).toBe(204);
    expect((await editor.client.get(`/api/v2/articles/${id}`)).status).toBe(404);
  });

  it("counts one 'Was this helpful?' vote per member, which they may change", async () => {
    const base = await makeBase(admin.client, "Votes Base");
    const article = await makeArticle(editor.client, base.rootCategoryID, "Votes article");
    const url = `/api/v2/articles/${article.articleID}/react`;
    expect((await testApp.guest().post(url, { helpful: "yes" })).status).toBe(403);
    expect((await member.client.post(url, { helpful: "maybe" })).status).toBe(422);
    expect((await member.client.post<Article>(url, { helpful: "yes" })).body.helpful).toEqual({
      yes: 1,
      no: 0,
      userVote: "yes",
    });
    expect((await member.client.post<Article>(url, { helpful: "yes" })).body.helpful).toEqual({
      yes: 1,
      no: 0,
      userVote: "yes",
    });
    expect(
      (await other.client.post<Article>(url, { reactionType: "helpful", helpful: "no" })).body.helpful,
    ).toEqual({
      yes: 1,
      no: 1,
      userVote: "no",
    });
    expect((await member.client.post<Article>(url, { helpful: "no" })).body.helpful).toEqual({
      yes: 0,
      no: 2,
      userVote: "no",
    });
    const draft = await makeArticle(editor.client, base.rootCategoryID, "Draft votes", { status: "draft" });
    expect(
      (await editor.client.post(`/api/v2/articles/${draft.articleID}/react`, { helpful: "yes" })).status,
    ).toBe(400);
  });

  it("finds published articles in the knowledgeBase search domain, never drafts", async () => {
    const base = await makeBase(admin.client, "Search Base");
    const found = await makeArticle(editor.client, base.rootCategoryID, "Configure zeppelins", {
      text: "Zeppelin setup steps.",
    });
    await makeArticle(editor.client, base.rootCategoryID, "Hidden zeppelins", {
      status: "draft",
      text: "Zeppelin draft.",
    });
    await testApp.context.jobs.drain();
    const search = await member.client.get<{ recordType: string; recordID: number; url: string }[]>(
      "/api/v2/search?query=zeppelin&domain=knowledgeBase",
    );
    expect(search.status).toBe(200);
    expect(search.body.map((result) => [result.recordType, result.recordID])).toEqual([
      ["article", found.articleID],
    ]);
    expect(search.body[0]?.url).toContain(`/kb/articles/${found.articleID}-configure-zeppelins`);
    const page = await member.client.get("/kb/search?query=zeppelin");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Configure zeppelins");
    expect(page.text).not.toContain("Hidden zeppelins");
    // Guests find published articles, never drafts.
    const guest = await testApp
      .guest()
      .get<{ name: string }[]>("/api/v2/search?query=zeppelin&domain=knowledgeBase");
    expect(guest.body.map((result) => result.name)).toEqual(["Configure zeppelins"]);
  });

  it("turns a comment into a draft article linked to its discussion, which then shows the article", async () => {
    const base = await makeBase(admin.client, "Answers Base");
    const categoryID = await postCategory(testApp, admin.client, "Questions Here");
    const discussionID = await makeDiscussion(member.client, categoryID, "How do I export?");
    const commentID = await makeComment(other.client, discussionID, "Use the export button.");
    expect(
      (
        await member.client.post("/api/v2/articles/from-discussion", {
          discussionID,
          commentID,
          knowledgeCategoryID: base.rootCategoryID,
        })
      ).status,
    ).toBe(403);
    const made = await editor.client.post<Article>("/api/v2/articles/from-discussion", {
      discussionID,
      commentID,
      knowledgeCategoryID: base.rootCategoryID,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: "draft", name: "How do I export?", discussionID, commentID });
    expect(made.body.body).toContain("export button");
    await makeComment(other.client, discussionID, "Or the command line.");
    await makeComment(member.client, discussionID, "Thanks, both work.");
    let editorPage = "";
    const statements = await testApp.statementsOf(async () => {
      editorPage = (await editor.client.get(`/discussion/${discussionID}`)).text;
    });
    // Every post offers it, with the knowledge categories read once for the page.
    expect(editorPage.match(/Turn into an article/g)).toHaveLength(4);
    expect(statements.filter((text) => /from "knowledgeBases"/.test(text))).toHaveLength(1);
    expect((await member.client.get(`/discussion/${discussionID}`)).text).not.toContain(
      "Turn into an article",
    );
    await editor.client.patch(`/api/v2/articles/${made.body.articleID}`, { status: "published" });
    const readerPage = await member.client.get(`/discussion/${discussionID}`);
    expect(readerPage.text).toContain("This discussion became an article:");
    const articlePage = await member.client.get(pathOf(made.body.url));
    expect(articlePage.status).toBe(200);
    expect(articlePage.text).toContain(`href="/discussion/${discussionID}"`);
  });

  it("shows names and bodies translated in the content translator; a deleted article's translations go", async () => {
    expect((await admin.client.patch("/api/v2/addons/locale-fr", { enabled: true })).status).toBe(200);
    const base = await makeBase(admin.client, "Translated Base");
    const article = await makeArticle(editor.client, base.rootCategoryID, "Printing", {
      text: "Press print.",
    });
    const translated = await admin.client.patch("/api/v2/translations/forum", [
      {
        recordType: "knowledgeBase",
        recordID: base.knowledgeBaseID,
        propertyName: "name",
        locale: "fr",
        translation: "Base traduite",
      },
      {
        recordType: "article",
        recordID: article.articleID,
        propertyName: "name",
        locale: "fr",
        translation: "Imprimer",
      },
      {
        recordType: "article",
        recordID: article.articleID,
        propertyName: "body",
        locale: "fr",
        translation: "Appuyez sur imprimer.",
      },
    ]);
    expect(translated.status).toBe(200);
    const french = await member.client.get(`${pathOf(article.url)}?locale=fr`);
    expect(french.text).toContain("Imprimer");
    expect(french.text).toContain("Appuyez sur imprimer.");
    expect(french.text).toContain("Base traduite");
    const english = await member.client.get(pathOf(article.url));
    expect(english.text).toContain("Press print.");
    expect(english.text).not.toContain("Imprimer");

    await editor.client.delete(`/api/v2/articles/${article.articleID}`);
    await testApp.context.jobs.drain();
    const left = await testApp.context.db
      .selectFrom("translations")
      .select("translationPropertyKey")
      .where("recordType", "=", "article")
      .where("recordID", "=", article.articleID)
      .execute();
    expect(left).toEqual([]);
  });

  it("renders /kb pages: guides in order with previous and next, help centers by category", async () => {
    const guide = await makeBase(admin.client, "Starter Guide", "guide");
    const second = await makeArticle(editor.client, guide.rootCategoryID, "Second step", { sort: 2 });
    const first = await makeArticle(editor.client, guide.rootCategoryID, "First step", { sort: 1 });
    const home = await member.client.get("/kb");
    expect(home.status).toBe(200);
    expect(home.text).toContain("Starter Guide");
    const basePage = await member.client.get("/kb/starter-guide");
    expect(basePage.text.indexOf("First step")).toBeLessThan(basePage.text.indexOf("Second step"));
    const firstPage = await member.client.get(pathOf(first.url));
    expect(firstPage.text).toContain(`rel="next" href="${pathOf(second.url)}"`);
    expect(firstPage.text).toContain("Was this helpful?");
    const help = await makeBase(admin.client, "Support Center");
    const billing = await admin.client.post<KnowledgeCategory>("/api/v2/knowledge-categories", {
      knowledgeBaseID: help.knowledgeBaseID,
      name: "Billing",
    });
    await makeArticle(editor.client, billing.body.knowledgeCategoryID, "Refunds");
    await makeArticle(editor.client, billing.body.knowledgeCategoryID, "Unfinished refunds", {
      status: "draft",
    });
    const helpPage = await member.client.get("/kb/support-center");
    expect(helpPage.text).toContain(`id="category-${billing.body.knowledgeCategoryID}"`);
    expect(helpPage.text.indexOf("Billing")).toBeLessThan(helpPage.text.indexOf("Refunds"));
    expect(helpPage.text).not.toContain("Unfinished refunds");
    expect((await editor.client.get("/kb/support-center")).text).toContain("Unfinished refunds");
    expect((await member.client.get("/kb/no-such-base")).status).toBe(404);
    expect((await testApp.guest().get("/kb/support-center")).text).not.toContain("Unfinished refunds");

    expect((await admin.client.patch("/api/v2/addons/knowledge", { enabled: false })).status).toBe(200);
    expect((await member.client.get("/kb")).status).toBe(404);
    expect((await member.client.get(`/api/v2/articles/${first.articleID}`)).status).toBe(404);
    expect((await admin.client.patch("/api/v2/addons/knowledge", { enabled: true })).status).toBe(200);
    expect((await member.client.get<Article>(`/api/v2/articles/${first.articleID}`)).body.name).toBe(
      "First step",
    );
  });
});
