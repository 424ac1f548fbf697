import type { Discussion } from "@forum/api/discussions";
import {
  createTestApp,
  sitePath,
  testDialects,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeComment, makeDiscussion } from "../testing/forumTesting";
import { recordNames } from "@library/server/cache/recordNames";

describe.each(testDialects)("server-rendered forum pages on %s", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let member: TestClient;
  let discussion: Discussion;
  let categoryUrlcode: string;
  const commentIDs: number[] = [];

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await forumClient(testApp, { role: "Administrator" })).client;
    member = (await forumClient(testApp)).client;
    const category = await makeCategory(admin, { name: "Pages Test" });
    categoryUrlcode = category.urlcode;
    discussion = await makeDiscussion(member, category.categoryID, "Hello <script>alert(1)</script> pages");
    for (let index = 0; index < 33; index += 1)
      commentIDs.push(await makeComment(admin, discussion.discussionID, `Comment number ${index}`));
  });
  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, client?: TestClient) => (client ?? testApp.guest()).page(url);

  it("lists recent discussions for a guest, with escaped titles", async () => {
    const response = await get("/discussions");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt; pages");
    expect(response.body).not.toContain("<script>alert(1)</script>");
    expect(response.body).toContain(`href="${sitePath(discussion.url)}"`);
    expect(response.body).toContain('rel="canonical" href="http://localhost:80/discussions"');
  });

  it("shows the category tree and a category's discussions by urlcode or id", async () => {
    const list = await get("/categories");
    expect(list.body).toContain("Pages Test");
    const byCode = await get(`/categories/${categoryUrlcode}`);
    expect(byCode.statusCode).toBe(200);
    expect(byCode.body).toContain(sitePath(discussion.url));
    const byID = await get(`/categories/${discussion.categoryID}`);
    expect(byID.statusCode).toBe(200);
    expect((await get("/categories/no-such-category")).statusCode).toBe(404);
  });

  it("offers members a Follow button on a category page, showing whether they follow it", async () => {
    const mountOf = (body: string) =>
      /data-react="CategoryFollowButton" data-props='([^']*)'/.exec(body)?.[1];
    expect(mountOf((await get(`/categories/${categoryUrlcode}`)).body)).toBeUndefined();
    expect(mountOf((await get(`/categories/${categoryUrlcode}`, member)).body)).toContain('"followed":false');
    const followed = await member.put(`/api/v2/categories/${discussion.categoryID}/follow`, {
      followed: true,
    });
    expect(followed.status).toBe(200);
    expect(mountOf((await get(`/categories/${categoryUrlcode}`, member)).body)).toContain('"followed":true');
  });

  it("renders a discussion with its first page of comments, the pager and the widgets' mount points", async () => {
    const response = await get(discussion.url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Comment number 0");
    expect(response.body).toContain("Comment number 29");
    expect(response.body).not.toContain("Comment number 30");
    expect(response.body).toContain('data-react="DiscussionPager"');
    expect(response.body).toContain('rel="next"');
    expect(response.body).toContain("33 Comments");
    expect(response.body).toContain('<meta name="description" content="Body of Hello');
    // Screen readers name each post as the script-rendered page does: the discussion by its title, a comment by
    // its author.
    expect(response.body).toContain(`aria-labelledby="Discussion_${discussion.discussionID}-title"`);
    expect(response.body).toContain(`id="Discussion_${discussion.discussionID}-title"`);
    expect(response.body).toMatch(
      new RegExp(`id="Comment_${commentIDs[0] ?? 0}" aria-label="Comment by [^"]+"`),
    );
    const page2 = await get(`${sitePath(discussion.url)}/p2`);
    expect(page2.body).toContain("Comment number 32");
    expect(page2.body).toContain(`rel="canonical" href="${discussion.url}/p2"`);
    expect((await get(`${sitePath(discussion.url)}/p9`)).statusCode).toBe(404);
    expect((await get("/discussion/999999/nothing")).statusCode).toBe(404);
  });

  it("shows each author's staff role and title beside their name on posts", async () => {
    await testApp.context.db
      .updateTable("users")
      .set({ title: "Keeper of <pages>" })
      .where("userID", "=", discussion.insertUserID)
      .execute();
    // Written past the routes: named as a route's write would name it, so a cached page is retired.
    await testApp.context.caches.publish([recordNames.user(discussion.insertUserID)]);
    const response = await get(discussion.url);
    const original = response.body.slice(0, response.body.indexOf('class="commentList"'));
    const comments = response.body.slice(response.body.indexOf('class="commentList"'));
    // The member who started it has a title but no staff role; the administrator commenting has the role.
    expect(original).toContain('<span class="post-authorTitle">Keeper of &lt;pages&gt;</span>');
    expect(original).not.toContain("post-roleBadge");
    expect(comments).toContain('<span class="metaBadge post-roleBadge">Administrator</span>');
  });

  it("offers the composer to a member and a sign-in link to a guest", async () => {
    const asGuest = await get(discussion.url);
    expect(asGuest.body).not.toContain('data-react="CommentComposer"');
    expect(asGuest.body).toContain("/entry/signin?Target=");
    const asMember = await get(discussion.url, member);
    expect(asMember.body).toContain('data-react="CommentComposer"');
  });

  it("sends a comment permalink to the right page at the comment", async () => {
    const last = commentIDs[32] ?? 0;
    const response = await get(`/discussion/comment/${last}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${sitePath(discussion.url)}/p2#Comment_${last}`);
    expect((await get("/discussion/comment/99999999")).statusCode).toBe(404);
  });

  it("hides discussions of a category the viewer may not see", async () => {
    const roles = await testApp.context.db.selectFrom("roles").select(["roleID", "name"]).execute();
    const secret = await makeCategory(admin, {
      name: "Secret Pages",
      customPermissions: true,
      // No role holds any grant here: only administrators see it.
      permissions: roles.map((role) => ({ roleID: role.roleID, permissions: {} })),
    });
    const hidden = await makeDiscussion(admin, secret.categoryID, "Secret discussion");
    expect((await get(hidden.url)).statusCode).toBe(403);
    expect((await get("/discussions")).body).not.toContain("Secret discussion");
    expect((await get(hidden.url, member)).statusCode).toBe(403);
    expect((await get("/categories", member)).body).not.toContain("Secret Pages");
    expect((await get(hidden.url, admin)).statusCode).toBe(200);
  });

  it("creates a discussion from the no-JavaScript form", async () => {
    const { client } = await forumClient(testApp);
    const response = await testApp.app.inject({
      method: "POST",
      url: "/post/discussion",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: TEST_ORIGIN,
        host: "localhost:80",
        cookie: `forum_session=${client.cookie ?? ""}`,
      },
      payload: new URLSearchParams({
        name: "Written without JavaScript",
        categoryID: String(discussion.categoryID),
        body: "Some **bold** words.",
      }).toString(),
    });
    expect(response.statusCode).toBe(303);
    const created = await get(response.headers.location as string);
    expect(created.body).toContain("<strong>bold</strong>");
  });

  it("shows each author's signature under their posts unless signatures are turned off", async () => {
    const signer = await forumClient(testApp, { name: "Signer" });
    const signed = await signer.client.patch(`/api/v2/users/${signer.user.userID}`, {
      signature: "Yours, **Signer**",
    });
    expect(signed.status).toBe(200);
    const thread = await makeDiscussion(signer.client, discussion.categoryID, "Signed thread");
    const signedCommentID = await makeComment(signer.client, thread.discussionID, "A signed comment");
    const plainCommentID = await makeComment(admin, thread.discussionID, "An unsigned comment");
    const block = '<div class="signature"><p>Yours, <strong>Signer</strong></p>';
    const articleOf = (body: string, id: string) =>
      body.slice(body.indexOf(`id="${id}"`)).split("</article>")[0];

    const page = (await get(thread.url)).body;
    expect(articleOf(page, `Discussion_${thread.discussionID}`)).toContain(block);
    expect(articleOf(page, `Comment_${signedCommentID}`)).toContain(block);
    expect(articleOf(page, `Comment_${plainCommentID}`)).not.toContain('class="signature');

    expect((await admin.patch("/api/v2/config", { "signatures.hideMobile": true })).status).toBe(204);
    await testApp.context.settings.refresh();
    expect((await get(thread.url)).body).toContain('<div class="signature signature-hideMobile"><p>Yours');

    expect((await admin.patch("/api/v2/config", { "signatures.enabled": false })).status).toBe(204);
    await testApp.context.settings.refresh();
    const off = (await get(thread.url)).body;
    expect(off).toContain("A signed comment");
    expect(off).not.toContain('class="signature');
    await admin.patch("/api/v2/config", { "signatures.enabled": true, "signatures.hideMobile": false });
    await testApp.context.settings.refresh();
  });

  it("serves the single-page app with the first layout printed when the post layout flag is on", async () => {
    expect((await admin.patch("/api/v2/config", { "customLayout.post": true })).status).toBe(204);
    await testApp.context.settings.refresh();
    const response = await get(discussion.url);
    expect(response.body).toContain('<div id="app"');
    expect(response.body).toContain('id="initial-layout"');
    expect(response.body).toContain('"$reactComponent":"OriginalPostAsset"');
    const api = await testApp
      .guest()
      .get<{ layout: unknown[] }>(
        `/api/v2/layouts/lookup-hydrate?layoutViewType=post&recordType=discussion&recordID=${discussion.discussionID}&params[page]=1`,
      );
    expect(api.status).toBe(200);
    expect(JSON.stringify(api.body)).toContain("CommentThreadAsset");
    const redirect = await testApp
      .guest()
      .get<{ redirectTo: string }>(
        `/api/v2/layouts/lookup-hydrate?layoutViewType=post&recordType=comment&recordID=${commentIDs[0] ?? 0}`,
      );
    expect(redirect.body.redirectTo).toBe(`${sitePath(discussion.url)}#Comment_${commentIDs[0] ?? 0}`);
    await admin.patch("/api/v2/config", { "customLayout.post": false });
    await testApp.context.settings.refresh();
    expect((await get(discussion.url)).body).not.toContain('<div id="app"');
  });
});
