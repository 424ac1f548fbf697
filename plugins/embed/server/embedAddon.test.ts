import { serverApplications } from "@applications/serverApplications";
import { postCategory } from "@library/server/testing/apiPosts";
import { sessionClient } from "@library/server/testing/factories";
import {
  createTestApp,
  dialectsAmong,
  testDialects,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";
import type { EmbedSettings, EmbedThread } from "../api/embedApi";

const BLOG = "https://blog.example.com";
const POST_URL = `${BLOG}/2026/11/hello-world`;

async function enabledApp(dialect: (typeof testDialects)[number], config: { rateLimits?: boolean } = {}) {
  const testApp = await createTestApp(dialect, serverApplications, config);
  const admin = (await sessionClient(testApp, { role: "Administrator" })).client;
  expect((await admin.patch("/api/v2/addons/embed", { enabled: true })).status).toBe(200);
  const categoryID = await postCategory(testApp, admin, "Blog comments");
  return { testApp, admin, categoryID };
}

const frameAncestorsOf = (headers: Record<string, unknown>) =>
  /frame-ancestors ([^;]*)/.exec(String(headers["content-security-policy"]))?.[1];

describe.each(testDialects)("the embed add-on (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let manager: TestClient;
  let member: TestClient;
  let categoryID: number;

  beforeAll(async () => {
    ({ testApp, admin, categoryID } = await enabledApp(dialect));
    manager = (await sessionClient(testApp, { role: "Moderator" })).client;
    member = (await sessionClient(testApp)).client;
  });
  afterAll(() => testApp.close());

  it("lets managers set the allowed domains and the comments category; others may not; bad input is 422", async () => {
    expect((await testApp.guest().get("/api/v2/embed/settings")).status).toBe(403);
    expect((await member.get("/api/v2/embed/settings")).status).toBe(403);
    const empty = await admin.get<EmbedSettings>("/api/v2/embed/settings");
    expect(empty.body).toMatchObject({ allowedDomains: [], commentsCategoryID: null });
    expect(empty.body.loaderScript).toContain("/embed.js");
    expect(empty.body.loaderScript).toContain("Failed to load a required embed script");
    expect(empty.body.loaderScript).toContain("Loading of the script has timed out");
    expect(empty.body.loaderScript).toContain("10000");
    expect((await member.patch("/api/v2/embed/settings", { allowedDomains: [BLOG] })).status).toBe(403);

    const badDomain = await admin.patch("/api/v2/embed/settings", {
      allowedDomains: ["blog.example.com; x"],
    });
    expect(badDomain.status).toBe(422);
    const badCategory = await admin.patch("/api/v2/embed/settings", { commentsCategoryID: 999999 });
    expect(badCategory.status).toBe(422);
    expect(badCategory.body).toMatchObject({ errors: [{ field: "commentsCategoryID" }] });
    expect((await admin.get<EmbedSettings>("/api/v2/embed/settings")).body.allowedDomains).toEqual([]);

    const saved = await admin.patch<EmbedSettings>("/api/v2/embed/settings", {
      allowedDomains: [BLOG, "http://localhost:4000", BLOG],
      commentsCategoryID: categoryID,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      allowedDomains: [BLOG, "http://localhost:4000"],
      commentsCategoryID: categoryID,
    });
    // A moderator holds no embed.manage by default (managers do); the administrator's grant opens it.
    expect((await manager.get("/api/v2/embed/settings")).status).toBe(403);
  });

  it("lets the allowed domains frame the forum's pages (frame-ancestors), only while the add-on runs", async () => {
    const page = await testApp.guest().get("/discussions?embed=1");
    expect(page.status).toBe(200);
    expect(frameAncestorsOf(page.headers)).toBe(`'self' ${BLOG} http://localhost:4000`);
    // The chrome-less page: no title bar, a body class the frame's styles use.
    expect(page.text).toContain("isChromeless");
    expect(page.text).not.toContain('class="titleBar');
    const normal = await testApp.guest().get("/discussions");
    expect(normal.text).not.toContain("isChromeless");
    expect(normal.text).toContain('class="titleBar');
    const script = await testApp.guest().get("/embed.js");
    expect(script.status).toBe(200);
    expect(String(script.headers["content-type"])).toContain("javascript");
    expect(script.text).toContain("allow-same-origin allow-scripts allow-forms");
    expect(script.text).toContain("Loading of the script has timed out");
  });

  it("creates a blog post's discussion on its first view, once; refuses pages of other sites", async () => {
    const first = await testApp
      .guest()
      .post<EmbedThread>("/api/v2/embed/threads", { url: `${POST_URL}#comments`, title: "Hello [world]" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ created: true, foreignID: POST_URL });
    expect(first.body.embedUrl).toBe(`/discussion/${first.body.discussionID}?embed=1`);
    const again = await member.post<EmbedThread>("/api/v2/embed/threads", { url: POST_URL });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, discussionID: first.body.discussionID });
    const discussion = await testApp
      .guest()
      .get<{ name: string; categoryID: number }>(`/api/v2/discussions/${first.body.discussionID}`);
    expect(discussion.body).toMatchObject({ name: "Hello [world]", categoryID });

    const byID = await testApp
      .guest()
      .post<EmbedThread>("/api/v2/embed/threads", { url: `${BLOG}/p?id=7`, foreignID: "post-7" });
    expect(byID.body).toMatchObject({ created: true, foreignID: "post-7" });
    expect(byID.body.discussionID).not.toBe(first.body.discussionID);

    const elsewhere = await testApp
      .guest()
      .post("/api/v2/embed/threads", { url: "https://evil.example.net/x" });
    expect(elsewhere.status).toBe(403);
    expect((await testApp.guest().post("/api/v2/embed/threads", { url: "javascript:alert(1)" })).status).toBe(
      422,
    );

    // The frame's page: first view redirects to the chrome-less discussion.
    const frame = await testApp.guest().get(`/embed/comments?url=${encodeURIComponent(POST_URL)}`);
    expect(frame.status).toBe(302);
    expect(frame.headers.location).toBe(first.body.embedUrl);
    const rows = await testApp.context.db.selectFrom("embedDiscussions").selectAll().execute();
    expect(rows).toHaveLength(2);
  });

  it("keeps its discussions when disabled: its routes go, and the forum frames itself only", async () => {
    expect((await admin.patch("/api/v2/addons/embed", { enabled: false })).status).toBe(200);
    expect((await testApp.guest().post("/api/v2/embed/threads", { url: POST_URL })).status).toBe(404);
    const page = await testApp.guest().get("/discussions?embed=1");
    expect(frameAncestorsOf(page.headers)).toBe("'self'");
    expect(page.text).not.toContain("isChromeless");
    expect(await testApp.context.db.selectFrom("embedDiscussions").selectAll().execute()).toHaveLength(2);
    expect((await admin.patch("/api/v2/addons/embed", { enabled: true })).status).toBe(200);
    const again = await testApp.guest().post<EmbedThread>("/api/v2/embed/threads", { url: POST_URL });
    expect(again.body.created).toBe(false);
  });

  it("says so when no category is set for blog comments", async () => {
    expect((await admin.patch("/api/v2/embed/settings", { commentsCategoryID: null })).status).toBe(200);
    const refused = await testApp.guest().post("/api/v2/embed/threads", { url: `${BLOG}/new-post` });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: "No category is set for blog comments." });
  });
});

describe.each(testDialects)("the embed add-on's budget of new discussions (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    let categoryID: number;
    ({ testApp, admin, categoryID } = await enabledApp(dialect, { rateLimits: true }));
    await admin.patch("/api/v2/embed/settings", { allowedDomains: [BLOG], commentsCategoryID: categoryID });
    expect((await admin.patch("/api/v2/config", { "embed.newThreadsPerHour": 2 })).status).toBe(204);
  });
  afterAll(() => testApp.close());

  it("lets one address start a few discussions an hour by opening comments; views of existing ones stay free", async () => {
    const open = (url: string) => testApp.guest().post<EmbedThread>("/api/v2/embed/threads", { url });
    expect((await open(`${BLOG}/budget/1`)).status).toBe(201);
    expect((await open(`${BLOG}/budget/2`)).status).toBe(201);
    const refused = await open(`${BLOG}/budget/3`);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 429 });
    const frame = await testApp.guest().get(`/embed/comments?url=${encodeURIComponent(`${BLOG}/budget/4`)}`);
    expect(frame.status).toBe(429);
    // The posts that have their discussion still open, for anyone.
    expect((await open(`${BLOG}/budget/1`)).status).toBe(200);
    // Moderators are not counted.
    const moderator = (await sessionClient(testApp, { role: "Moderator" })).client;
    expect((await moderator.post("/api/v2/embed/threads", { url: `${BLOG}/budget/5` })).status).toBe(201);
    const made = await testApp.context.db
      .selectFrom("discussions")
      .select("name")
      .where("name", "like", `${BLOG}/budget/%`)
      .execute();
    expect(made.map((row) => row.name).sort()).toEqual([
      `${BLOG}/budget/1`,
      `${BLOG}/budget/2`,
      `${BLOG}/budget/5`,
    ]);
  });
});

for (const dialect of dialectsAmong(["postgres"]))
  describe(`the embed add-on under concurrent first views (${dialect})`, () => {
    let testApp: TestApp;

    beforeAll(async () => {
      let admin: TestClient;
      let categoryID: number;
      ({ testApp, admin, categoryID } = await enabledApp(dialect));
      await admin.patch("/api/v2/embed/settings", { allowedDomains: [BLOG], commentsCategoryID: categoryID });
    });
    afterAll(() => testApp.close());

    it("makes one discussion when several first views of a page arrive at once", async () => {
      const url = `${BLOG}/2026/11/race`;
      const views = await Promise.all(
        Array.from({ length: 4 }, () => testApp.guest().post<EmbedThread>("/api/v2/embed/threads", { url })),
      );
      expect(views.map((view) => view.status).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(views.map((view) => view.body.discussionID)).size).toBe(1);
      const discussions = await testApp.context.db
        .selectFrom("discussions")
        .select("discussionID")
        .where("name", "=", url)
        .execute();
      expect(discussions).toHaveLength(1);
    });
  });
