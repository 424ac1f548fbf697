import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import { roleIDByName, type TestUser } from "@library/server/testing/factories";
import { testDialects, TEST_ORIGIN, type TestApp, type TestClient } from "@library/server/testing/testApp";
import {
  countMismatches,
  createForumTestApp,
  forumClient,
  forumRowCount,
  makeCategory,
  makeComment,
  makeDiscussion,
} from "../testing/forumTesting";

describe.each(testDialects)("categories on %s", (dialect) => {
  let testApp: TestApp;
  let admin: { client: TestClient; user: TestUser };
  let member: { client: TestClient; user: TestUser };
  let moderator: { client: TestClient; user: TestUser };
  let general: Category;
  let help: Category;
  let gettingStarted: Category;
  let staff: Category;

  beforeAll(async () => {
    testApp = await createForumTestApp(dialect);
    admin = await forumClient(testApp, { role: "Administrator" });
    member = await forumClient(testApp);
    moderator = await forumClient(testApp, { role: "Moderator" });
    general = await makeCategory(admin.client, { name: "General", description: "Talk." });
    help = await makeCategory(admin.client, { name: "Help", displayAs: "categories" });
    gettingStarted = await makeCategory(admin.client, {
      name: "Getting Started",
      parentCategoryID: help.categoryID,
    });
    const memberRoleID = await roleIDByName(testApp.context, "Member");
    const guestRoleID = await roleIDByName(testApp.context, "Guest");
    staff = await makeCategory(admin.client, {
      name: "Staff Room",
      customPermissions: true,
      permissions: [
        { roleID: memberRoleID, permissions: {} },
        { roleID: guestRoleID, permissions: { "discussions.view": false } },
      ],
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("lists a tree by default with depth, children and counts", async () => {
    const response = await member.client.get<Category[]>("/api/v2/categories");
    expect(response.status).toBe(200);
    expect(response.body.map((category) => category.name)).toEqual(["General", "Help"]);
    const helpNode = response.body[1];
    expect(helpNode).toMatchObject({
      depth: 1,
      countCategories: 1,
      parentCategoryID: null,
      url: `${TEST_ORIGIN}/categories/help`,
    });
    expect(helpNode?.children?.[0]).toMatchObject({
      name: "Getting Started",
      depth: 2,
      parentCategoryID: help.categoryID,
    });
    expect(response.headers["x-app-page-current"]).toBeUndefined();
  });

  it("shows a private category only to roles granted discussions.view", async () => {
    const flat = async (client: TestClient) =>
      (await client.get<Category[]>("/api/v2/categories?outputFormat=flat")).body.map(
        (category) => category.name,
      );
    expect(await flat(member.client)).not.toContain("Staff Room");
    expect(await flat(testApp.guest())).not.toContain("Staff Room");
    expect(await flat(moderator.client)).toContain("Staff Room");
    expect((await member.client.get(`/api/v2/categories/${staff.categoryID}`)).status).toBe(403);
    expect((await moderator.client.get(`/api/v2/categories/${staff.urlcode}`)).body).toMatchObject({
      customPermissions: true,
      categoryID: staff.categoryID,
    });
    const search = await member.client.get<Category[]>("/api/v2/categories/search?query=staff");
    expect(search.body).toEqual([]);
    const found = await moderator.client.get<Category[]>("/api/v2/categories/search?query=staff");
    expect(found.body.map((category) => category.name)).toEqual(["Staff Room"]);
  });

  it("lists flat with a numbered pager and filters by parent", async () => {
    const response = await member.client.get<Category[]>("/api/v2/categories?limit=1&page=2");
    expect(response.body).toHaveLength(1);
    expect(response.headers["x-app-page-result-count"]).toBe("3");
    expect(response.headers["x-app-page-next-url"]).toContain("page=3");
    const children = await member.client.get<Category[]>(
      `/api/v2/categories?parentCategoryID=${help.categoryID}&outputFormat=flat`,
    );
    expect(children.body.map((category) => category.name)).toEqual(["Getting Started"]);
    expect((await member.client.get("/api/v2/categories?parentCategoryID=9999")).status).toBe(404);
    const mixed = await member.client.get("/api/v2/categories?parentCategoryID=1&categoryID=1");
    expect(mixed.status).toBe(422);
  });

  it("reads by id or urlcode, 404 for unknown ones, and expands lastPost and permissions", async () => {
    const discussion = await makeDiscussion(member.client, general.categoryID, "Latest");
    const response = await member.client.get<Category>("/api/v2/categories/general?expand=all");
    expect(response.body.lastPost).toMatchObject({ discussionID: discussion.discussionID, name: "Latest" });
    expect(response.body.permissions).toMatchObject({ "discussions.add": true, "discussions.edit": false });
    expect((await member.client.get("/api/v2/categories/nope")).body).toEqual({
      message: "Category not found.",
      status: 404,
    });
  });

  it("searches with breadcrumbs and parent; an empty query finds nothing", async () => {
    const response = await member.client.get<Category[]>("/api/v2/categories/search?query=start&expand=all");
    expect(response.body[0]).toMatchObject({
      name: "Getting Started",
      parent: { categoryID: help.categoryID, name: "Help" },
      breadcrumbs: [{ name: "Home" }, { name: "Help" }, { name: "Getting Started" }],
    });
    expect((await member.client.get<Category[]>("/api/v2/categories/search?query=")).body).toEqual([]);
    expect((await member.client.get("/api/v2/categories/search?query=a&limit=101")).status).toBe(422);
  });

  it("follows and unfollows; guests cannot", async () => {
    const follow = await member.client.put(`/api/v2/categories/${general.categoryID}/follow`, {
      followed: true,
    });
    expect(follow.body).toEqual({ followed: true });
    const followed = await member.client.get<Category[]>("/api/v2/categories?followed=true");
    expect(
      followed.body.map((category) => [category.name, category.followed, category.countFollowers]),
    ).toEqual([["General", true, 1]]);
    await member.client.put(`/api/v2/categories/${general.categoryID}/follow`, { followed: false });
    expect(
      (await member.client.get<Category>(`/api/v2/categories/${general.categoryID}`)).body.countFollowers,
    ).toBe(0);
    expect(
      (await testApp.guest().put(`/api/v2/categories/${general.categoryID}/follow`, { followed: true }))
        .status,
    ).toBe(403);
    expect(
      (await member.client.put(`/api/v2/categories/${staff.categoryID}/follow`, { followed: true })).status,
    ).toBe(403);
  });

  it("refuses writes without site.manage and bad input, changing nothing", async () => {
    const before = await forumRowCount(testApp.context, "categories");
    expect((await testApp.guest().post("/api/v2/categories", { name: "X", urlcode: "x" })).status).toBe(403);
    expect((await member.client.post("/api/v2/categories", { name: "X", urlcode: "x" })).status).toBe(403);
    const duplicate = await admin.client.post("/api/v2/categories", { name: "Dup", urlcode: "general" });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toMatchObject({ errors: [{ field: "urlcode" }] });
    const missing = await admin.client.post("/api/v2/categories", { urlcode: "nameless" });
    expect(missing.body).toMatchObject({ status: 422, errors: [{ field: "name" }] });
    const badRole = await admin.client.post("/api/v2/categories", {
      name: "Bad",
      urlcode: "bad",
      permissions: [{ roleID: 9999, permissions: { "discussions.fly": true } }],
    });
    expect(badRole.body).toMatchObject({ status: 422 });
    expect(
      (await member.client.patch(`/api/v2/categories/${general.categoryID}`, { name: "Mine" })).status,
    ).toBe(403);
    expect((await member.client.delete(`/api/v2/categories/${general.categoryID}`)).status).toBe(403);
    expect((await admin.client.delete(`/api/v2/categories/${help.categoryID}`)).status).toBe(409);
    expect(await forumRowCount(testApp.context, "categories")).toBe(before);
  });

  it("patches, then removes custom permissions so the category opens to members", async () => {
    const patched = await admin.client.patch<Category>(`/api/v2/categories/${staff.categoryID}`, {
      description: "Now open",
      customPermissions: false,
    });
    expect(patched.body).toMatchObject({ description: "Now open", customPermissions: false });
    expect((await member.client.get(`/api/v2/categories/${staff.categoryID}`)).status).toBe(200);
    const moved = await admin.client.patch<Category>(`/api/v2/categories/${staff.categoryID}`, {
      parentCategoryID: general.categoryID,
    });
    expect(moved.body.depth).toBe(2);
    const loop = await admin.client.patch(`/api/v2/categories/${general.categoryID}`, {
      parentCategoryID: staff.categoryID,
    });
    expect(loop.status).toBe(422);
  });

  it("stores pre-moderation and reply display: flat and open by default, set on create, changed by PATCH", async () => {
    expect(
      (await member.client.get<Category>(`/api/v2/categories/${general.categoryID}`)).body,
    ).toMatchObject({
      preModeration: false,
      replyDisplay: "flat",
    });
    const created = await admin.client.post<Category>("/api/v2/categories", {
      name: "Threads",
      urlcode: "threads",
      preModeration: true,
      replyDisplay: "threaded",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ preModeration: true, replyDisplay: "threaded" });
    const patched = await admin.client.patch<Category>(`/api/v2/categories/${created.body.categoryID}`, {
      preModeration: false,
    });
    expect(patched.body).toMatchObject({ preModeration: false, replyDisplay: "threaded" });
    const listed = await member.client.get<Category[]>("/api/v2/categories?outputFormat=flat&limit=100");
    expect(listed.body.find((category) => category.urlcode === "threads")).toMatchObject({
      preModeration: false,
      replyDisplay: "threaded",
    });
    const before = await forumRowCount(testApp.context, "categories");
    const badDisplay = await admin.client.post("/api/v2/categories", {
      name: "Bad",
      urlcode: "bad-display",
      replyDisplay: "nested",
    });
    expect(badDisplay.body).toMatchObject({ status: 422, errors: [{ field: "replyDisplay" }] });
    const badFlag = await admin.client.patch(`/api/v2/categories/${created.body.categoryID}`, {
      name: "Renamed",
      preModeration: "sometimes",
    });
    expect(badFlag.status).toBe(422);
    expect(
      (await member.client.patch(`/api/v2/categories/${created.body.categoryID}`, { preModeration: true }))
        .status,
    ).toBe(403);
    expect(await forumRowCount(testApp.context, "categories")).toBe(before);
    expect(
      (await admin.client.get<Category>(`/api/v2/categories/${created.body.categoryID}`)).body,
    ).toMatchObject({ name: "Threads", preModeration: false });
  });

  it("a sub-category inherits its custom ancestor's grants", async () => {
    const memberRoleID = await roleIDByName(testApp.context, "Member");
    const vault = await makeCategory(admin.client, {
      name: "Vault",
      permissions: [{ roleID: memberRoleID, permissions: {} }],
    });
    const inner = await makeCategory(admin.client, {
      name: "Inner Vault",
      parentCategoryID: vault.categoryID,
    });
    expect((await member.client.get(`/api/v2/categories/${inner.categoryID}`)).status).toBe(403);
    expect((await moderator.client.get(`/api/v2/categories/${inner.categoryID}`)).status).toBe(200);
    const permissions = await member.client.get<{ junctionAliases: { category: Record<string, number> } }>(
      "/api/v2/users/$me/permissions?expand=junctions",
    );
    expect([200, 404]).toContain(permissions.status);
  });

  it("deletes a category moving its content, or deleting it, with consistent counts", async () => {
    const from = await makeCategory(admin.client, { name: "Old Stuff" });
    const to = await makeCategory(admin.client, {
      name: "New Stuff",
      parentCategoryID: gettingStarted.categoryID,
    });
    const first = await makeDiscussion(member.client, from.categoryID, "Moving");
    await makeComment(moderator.client, first.discussionID);
    expect(
      (await admin.client.delete(`/api/v2/categories/${from.categoryID}?newCategoryID=${to.categoryID}`))
        .status,
    ).toBe(204);
    const moved = await member.client.get<Discussion>(`/api/v2/discussions/${first.discussionID}`);
    expect(moved.body.categoryID).toBe(to.categoryID);
    const help2 = await member.client.get<Category>(`/api/v2/categories/${help.categoryID}`);
    expect(help2.body).toMatchObject({ countAllDiscussions: 1, countAllComments: 1 });
    expect(await countMismatches(testApp.context)).toEqual([]);
    const doomed = await makeCategory(admin.client, { name: "Doomed" });
    const gone = await makeDiscussion(member.client, doomed.categoryID, "Gone");
    await makeComment(member.client, gone.discussionID);
    expect((await admin.client.delete(`/api/v2/categories/${doomed.categoryID}`)).status).toBe(204);
    expect((await member.client.get(`/api/v2/discussions/${gone.discussionID}`)).status).toBe(404);
    expect(await countMismatches(testApp.context)).toEqual([]);
  });
});
