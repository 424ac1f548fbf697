import { serverApplications } from "@applications/serverApplications";
import { sessionClient, type TestUser } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import type { Group } from "../../api/groupsApi";

const TEST_ORIGIN = "http://localhost:80";

describe.each(testDialects)("group pages (%s)", (dialect) => {
  let testApp: TestApp;
  let leader: { client: TestClient; user: TestUser };
  let member: { client: TestClient; user: TestUser };
  let outsider: { client: TestClient; user: TestUser };

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    leader = await sessionClient(testApp);
    member = await sessionClient(testApp);
    outsider = await sessionClient(testApp);
  });
  afterAll(() => testApp.close());

  const get = (url: string, client?: TestClient) => (client ?? testApp.guest()).page(url);
  const postForm = (url: string, client: TestClient, form: Record<string, string>) =>
    testApp.app.inject({
      method: "POST",
      url,
      headers: {
        host: "localhost:80",
        cookie: `forum_session=${client.cookie ?? ""}`,
        referer: `${TEST_ORIGIN}/`,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: new URLSearchParams(form).toString(),
    });

  it("creates a group from the directory's form and opens its page", async () => {
    const empty = await postForm("/groups", leader.client, { name: "", privacy: "public" });
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain("Give the group a name of at most 100 characters.");
    const created = await postForm("/groups", leader.client, {
      name: "Garden <Club>",
      privacy: "private",
      description: "Seeds & soil",
    });
    expect(created.statusCode).toBe(303);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/groups\/\d+-garden-club$/);
    const page = await get(location, leader.client);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Garden &lt;Club&gt;");
    expect(page.body).toContain('data-react="GroupInviteForm"');
    const directory = await get("/groups");
    expect(directory.statusCode).toBe(200);
    expect(directory.body).toContain("Garden &lt;Club&gt;");
    expect(directory.body).not.toContain("New Group");
  });

  it("asks to join a private group, and a leader approves from the page", async () => {
    const group = (await leader.client.post<Group>("/api/v2/groups", { name: "Bakers", privacy: "private" }))
      .body;
    const path = new URL(group.url).pathname;
    expect((await get(path, member.client)).body).toContain("Ask to Join");
    expect((await postForm(`${path}/join`, member.client, {})).statusCode).toBe(303);
    expect((await get(path, member.client)).body).toContain("Your request to join is waiting for a leader.");
    const leaderPage = await get(path, leader.client);
    expect(leaderPage.body).toContain("Requests to Join");
    const approve = await postForm(`${path}/requests/${member.user.userID}`, leader.client, {
      status: "approved",
    });
    expect(approve.statusCode).toBe(303);
    const joined = await get(path, member.client);
    expect(joined.body).toContain("Leave Group");
    expect(joined.body).toContain(`/post/discussion/social-groups?groupid=${group.groupID}`);
    const post = await get(`/post/discussion/social-groups?groupid=${group.groupID}`, member.client);
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('data-react="GroupDiscussionForm"');
    expect(
      (await get(`/post/discussion/social-groups?groupid=${group.groupID}`, outsider.client)).statusCode,
    ).toBe(404);
  });

  it("hides a secret group's page from others, and answers 404 while the add-on is off", async () => {
    const group = (await leader.client.post<Group>("/api/v2/groups", { name: "Vault", privacy: "secret" }))
      .body;
    const path = new URL(group.url).pathname;
    expect((await get(path, outsider.client)).statusCode).toBe(404);
    expect((await get("/groups", outsider.client)).body).not.toContain("Vault");
    expect((await get(path, leader.client)).statusCode).toBe(200);
    await testApp.context.addons.setEnabled("groups", false, null);
    try {
      expect((await get("/groups", leader.client)).statusCode).toBe(404);
      expect((await get(path, leader.client)).statusCode).toBe(404);
    } finally {
      await testApp.context.addons.setEnabled("groups", true, null);
    }
    expect((await get(path, leader.client)).statusCode).toBe(200);
  });
  it("lets a leader edit the group's name, description and privacy, and delete it; others may not", async () => {
    const group = (
      await leader.client.post<Group>("/api/v2/groups", {
        name: "Choir",
        privacy: "public",
        description: "Sing",
      })
    ).body;
    const path = new URL(group.url).pathname;
    expect((await get(path, leader.client)).body).toContain(`href="${path}/edit"`);
    expect((await get(path, member.client)).body).not.toContain(`${path}/edit`);
    expect((await get(`${path}/edit`, outsider.client)).statusCode).toBe(403);
    expect((await postForm(`${path}/edit`, outsider.client, { name: "Taken over" })).statusCode).toBe(403);
    expect((await get(`${path}/edit`)).statusCode).not.toBe(200);

    const form = await get(`${path}/edit`, leader.client);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('value="Choir"');
    expect(form.body).toMatch(/<option value="public" selected>/);
    const empty = await postForm(`${path}/edit`, leader.client, { name: " ", privacy: "secret" });
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain("Give the group a name of at most 100 characters.");
    const taken = await postForm(`${path}/edit`, leader.client, { name: "Bakers", privacy: "public" });
    expect(taken.statusCode).toBe(422);
    expect(taken.body).toContain("A group with this name already exists.");
    expect((await leader.client.get<Group>(`/api/v2/groups/${group.groupID}`)).body).toMatchObject({
      name: "Choir",
      privacy: "public",
    });

    const saved = await postForm(`${path}/edit`, leader.client, {
      name: "Chamber Choir",
      description: "Sing <softly>",
      privacy: "secret",
    });
    expect(saved.statusCode).toBe(303);
    const renamed = String(saved.headers.location);
    expect(renamed).toBe(`/groups/${group.groupID}-chamber-choir`);
    expect((await leader.client.get<Group>(`/api/v2/groups/${group.groupID}`)).body).toMatchObject({
      name: "Chamber Choir",
      description: "Sing <softly>",
      privacy: "secret",
    });
    expect((await get(renamed, outsider.client)).statusCode).toBe(404);

    const confirm = await get(`${renamed}/delete`, leader.client);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain("Chamber Choir");
    expect((await postForm(`${renamed}/delete`, member.client, {})).statusCode).toBe(404);
    const deleted = await postForm(`${renamed}/delete`, leader.client, {});
    expect(deleted.statusCode).toBe(303);
    expect(deleted.headers.location).toBe("/groups");
    expect((await leader.client.get(`/api/v2/groups/${group.groupID}`)).status).toBe(404);
  });
});

describe.each(testDialects)("group discussion pages with shared member pages on (%s)", (dialect) => {
  let testApp: TestApp;
  let leader: TestClient;
  let outsider: TestClient;

  beforeAll(async () => {
    // Pages rendered once per set of roles are on, as in production.
    testApp = await createTestApp(dialect, serverApplications, { sharedPageSeconds: 600 });
    leader = (await sessionClient(testApp)).client;
    outsider = (await sessionClient(testApp)).client;
  });
  afterAll(() => testApp.close());

  const get = (url: string, client: TestClient) =>
    testApp.app.inject({
      url,
      headers: { host: "localhost:80", cookie: `forum_session=${client.cookie ?? ""}` },
    });

  it("shows a secret group's discussion page to its members only", async () => {
    const group = (await leader.post<Group>("/api/v2/groups", { name: "Attic", privacy: "secret" })).body;
    const admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    const categoryID = (
      await admin.post<{ categoryID: number }>("/api/v2/categories", { name: "Rooms", urlcode: "rooms" })
    ).body.categoryID;
    const posted = await leader.post<{ discussionID: number }>("/api/v2/discussions", {
      name: "Attic plans",
      body: "Up the stairs",
      format: "markdown",
      categoryID,
      groupID: group.groupID,
    });
    expect(posted.status).toBe(201);
    const path = `/discussion/${posted.body.discussionID}`;
    // The outsider first, so a page shared by members of the same roles would be made before the leader's.
    expect((await get(path, outsider)).statusCode).toBe(404);
    const page = await get(path, leader);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Attic plans");
    expect((await get(path, outsider)).statusCode).toBe(404);
  });
});
