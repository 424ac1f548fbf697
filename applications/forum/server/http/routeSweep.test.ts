import { serverApplications } from "@applications/serverApplications";
import type { RegisteredRoute } from "@library/server/app/buildApp";
import { sessionClient } from "@library/server/testing/factories";
import { tableCounter } from "@library/server/testing/tableCounts";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";

/**
 * Every API route, as every kind of caller, with good and bad input: no 5xx, errors in the API.md shape,
 * nothing written by a refused request, and no member reaching a staff action. Routes added later are swept
 * too: the list comes from the running app.
 */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Tables whose rows a refused request must not change. (Per-member read state is left out: reading a page
 * records it in the background, so it may move while another request is refused.)
 */
const CONTENT_TABLES = [
  "users",
  "roles",
  "userRoles",
  "rolePermissions",
  "configValues",
  "categories",
  "discussions",
  "comments",
  "reactions",
  "conversations",
  "conversationParticipants",
  "messages",
  "notifications",
  "mailOutbox",
  "addons",
];

/** Routes a sweep must not call with good input: they end the caller's own session, or never end (a stream). */
const SKIPPED = [/\/stream$/, /^POST \/api\/v2\/authenticate\/signout$/, /^DELETE \/api\/v2\/sessions/];

interface Fixture {
  owner: { client: TestClient; userID: number };
  attacker: { client: TestClient; userID: number };
  categoryID: number;
  discussionID: number;
  commentID: number;
  conversationID: number;
  messageID: number;
  memberRoleID: number;
}

/** The route's path with real ids of the fixture (the attacker owns none of them). */
function fillPath(url: string, fixture: Fixture, override?: string): string {
  const segments = url.split("/");
  return segments
    .map((segment, index) => {
      if (!segment.startsWith(":")) return segment;
      if (override !== undefined) return override;
      const resource = segments[index - 1] ?? "";
      if (segment === ":userID") return String(fixture.owner.userID);
      if (segment === ":addonID") return "example";
      if (segment === ":sessionID") return "0123456789abcdef";
      const ids: Record<string, number> = {
        discussions: fixture.discussionID,
        comments: fixture.commentID,
        categories: fixture.categoryID,
        users: fixture.owner.userID,
        roles: fixture.memberRoleID,
        conversations: fixture.conversationID,
        messages: fixture.messageID,
        notifications: 1,
        jobs: 1,
      };
      return String(ids[resource] ?? 1);
    })
    .join("/");
}

const BAD_BODIES: unknown[] = [
  [],
  "text",
  {
    name: ["x"],
    body: { nested: true },
    format: 7,
    categoryID: "abc",
    discussionID: -1,
    userID: 1e308,
    email: ["a@example.com"],
    permissions: "all",
    enabled: "maybe",
  },
  { name: "x".repeat(100_000), body: "y".repeat(100_000) },
];

const BAD_IDS = ["0", "-1", "abc", "99999999999", "1e309", "%00"];

function expectContractError(label: string, response: { status: number; body: unknown; text: string }): void {
  expect({ label, status: response.status < 500 }).toEqual({ label, status: true });
  if (response.status >= 400 && response.text)
    expect({ label, body: response.body }).toEqual({
      label,
      body: expect.objectContaining({ message: expect.any(String), status: response.status }),
    });
}

describe.each(testDialects)("every API route (%s)", (dialect) => {
  let testApp: TestApp;
  let routes: RegisteredRoute[];
  let fixture: Fixture;
  let callers: Record<string, TestClient>;
  let contentCounts: () => Promise<Record<string, number>>;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    contentCounts = tableCounter(testApp, CONTENT_TABLES);
    routes = testApp.routes.filter(
      (route) =>
        route.url.startsWith("/api/v2/") &&
        !SKIPPED.some((pattern) => pattern.test(`${route.method} ${route.url}`)),
    );
    const admin = await sessionClient(testApp, { role: "Administrator" });
    const owner = await sessionClient(testApp);
    const attacker = await sessionClient(testApp);
    const banned = await sessionClient(testApp);
    const category = await admin.client.post<{ categoryID: number }>("/api/v2/categories", {
      name: "Swept",
      urlcode: "swept",
    });
    const discussion = await owner.client.post<{ discussionID: number }>("/api/v2/discussions", {
      categoryID: category.body.categoryID,
      name: "Owner's thread",
      body: "Owner's words",
      format: "text",
    });
    const comment = await owner.client.post<{ commentID: number }>("/api/v2/comments", {
      discussionID: discussion.body.discussionID,
      body: "Owner's comment",
      format: "text",
    });
    const conversation = await owner.client.post<{ conversationID: number }>("/api/v2/conversations", {
      participantUserIDs: [admin.user.userID],
      initialBody: "Private words",
      initialFormat: "text",
    });
    const message = await owner.client.get<{ messageID: number }[]>(
      `/api/v2/messages?conversationID=${conversation.body.conversationID}`,
    );
    const roles = await admin.client.get<{ roleID: number; name: string }[]>("/api/v2/roles");
    expect((await admin.client.put(`/api/v2/users/${banned.user.userID}/ban`, { banned: true })).status).toBe(
      200,
    );
    fixture = {
      owner: { client: owner.client, userID: owner.user.userID },
      attacker: { client: attacker.client, userID: attacker.user.userID },
      categoryID: category.body.categoryID,
      discussionID: discussion.body.discussionID,
      commentID: comment.body.commentID,
      conversationID: conversation.body.conversationID,
      messageID: message.body[0]?.messageID ?? 1,
      memberRoleID: roles.body.find((role) => role.name === "Member")?.roleID ?? 0,
    };
    callers = {
      guest: testApp.guest(),
      banned: banned.client,
      member: attacker.client,
      moderator: (await sessionClient(testApp, { role: "Moderator" })).client,
      admin: admin.client,
    };
  });
  afterAll(() => testApp.close());

  it("answers bad input on every route, as every caller, with 4xx in the API.md shape and writes nothing", async () => {
    let requests = 0;
    // The counts after the last refused write, while no request has run since: the next write's "before".
    let unchanged: Record<string, number> | null = null;
    for (const route of routes) {
      const method = route.method as Method;
      for (const [who, client] of Object.entries(callers)) {
        const attempts: { path: string; body?: unknown }[] = [];
        for (const id of route.url.includes(":") ? BAD_IDS : [])
          attempts.push({ path: fillPath(route.url, fixture, id), ...(route.hasBody ? { body: {} } : {}) });
        // Staff may legitimately act on the fixture (an unknown field is dropped, so a "bad" body can be a good
        // request): they get bad ids only; members and guests get bad bodies on real records too.
        const staff = who === "admin" || who === "moderator";
        if (route.hasBody && !staff)
          for (const body of BAD_BODIES) attempts.push({ path: fillPath(route.url, fixture), body });
        if (method === "GET")
          attempts.push({ path: `${fillPath(route.url, fixture)}?page=0&limit=100000&expand=nope&sort=zz` });
        for (const attempt of attempts) {
          const before = method === "GET" ? null : (unchanged ?? (await contentCounts()));
          unchanged = null;
          const response = await client.request(method, attempt.path, attempt.body);
          requests += 1;
          const label = `${who} ${method} ${attempt.path.slice(0, 80)} ${JSON.stringify(attempt.body ?? null).slice(0, 40)}`;
          expectContractError(label, response);
          if (before && response.status >= 400) {
            const after = await contentCounts();
            expect({ label, counts: after }).toEqual({ label, counts: before });
            unchanged = after;
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(500);
    // Thousands of requests, each followed by a count of every content table: the sweep grows with the routes.
  }, 240_000);

  it("never lets a guest, a banned member or another member write what is not theirs, or read staff lists", async () => {
    const staffOnly: { method: Method; url: string; body?: unknown }[] = [
      { method: "PATCH", url: "/api/v2/addons/conversations", body: { enabled: false } },
      {
        method: "POST",
        url: "/api/v2/users",
        body: { name: "Made", email: "made@example.com", password: "long password 1" },
      },
      { method: "PUT", url: `/api/v2/users/${fixture.owner.userID}/ban`, body: { banned: true } },
      { method: "DELETE", url: `/api/v2/users/${fixture.owner.userID}`, body: {} },
      { method: "PATCH", url: `/api/v2/users/${fixture.owner.userID}`, body: { name: "Hijacked" } },
      { method: "POST", url: "/api/v2/roles", body: { name: "Owned" } },
      { method: "PATCH", url: `/api/v2/roles/${fixture.memberRoleID}`, body: { name: "Owned" } },
      {
        method: "PATCH",
        url: `/api/v2/roles/${fixture.memberRoleID}/permissions`,
        body: [{ type: "global", id: null, permissions: { "site.manage": true } }],
      },
      { method: "PUT", url: `/api/v2/roles/${fixture.memberRoleID}/permissions`, body: [] },
      { method: "DELETE", url: `/api/v2/roles/${fixture.memberRoleID}` },
      { method: "PATCH", url: "/api/v2/config", body: { "garden.title": "Owned" } },
      { method: "POST", url: "/api/v2/categories", body: { name: "Owned", urlcode: "owned" } },
      { method: "PATCH", url: `/api/v2/categories/${fixture.categoryID}`, body: { name: "Owned" } },
      { method: "DELETE", url: `/api/v2/categories/${fixture.categoryID}` },
      { method: "PATCH", url: `/api/v2/discussions/${fixture.discussionID}`, body: { name: "Hijacked" } },
      { method: "DELETE", url: `/api/v2/discussions/${fixture.discussionID}` },
      {
        method: "PATCH",
        url: `/api/v2/comments/${fixture.commentID}`,
        body: { body: "Hijacked", format: "text" },
      },
      { method: "DELETE", url: `/api/v2/comments/${fixture.commentID}` },
      { method: "POST", url: "/api/v2/jobs/1/retry" },
      { method: "GET", url: "/api/v2/mail-outbox" },
      { method: "GET", url: "/api/v2/jobs" },
      { method: "GET", url: "/api/v2/audit-logs" },
      { method: "GET", url: `/api/v2/users/${fixture.owner.userID}/sessions` },
      { method: "DELETE", url: `/api/v2/users/${fixture.owner.userID}/sessions` },
      { method: "GET", url: `/api/v2/conversations/${fixture.conversationID}` },
      { method: "GET", url: `/api/v2/messages/${fixture.messageID}` },
    ];
    for (const who of ["guest", "banned", "member"]) {
      const client = callers[who] as TestClient;
      for (const attempt of staffOnly) {
        const response = await client.request(attempt.method, attempt.url, attempt.body);
        const label = `${who} ${attempt.method} ${attempt.url}`;
        expect({ label, refused: response.status >= 400 && response.status < 500 }).toEqual({
          label,
          refused: true,
        });
      }
    }
    // Read back as an administrator: nothing moved.
    const admin = callers.admin as TestClient;
    const permissions = await fixture.attacker.client.get<{
      isAdmin: boolean;
      permissions: { permissions: Record<string, boolean> }[];
    }>("/api/v2/users/$me/permissions");
    expect(permissions.body.permissions[0]?.permissions["site.manage"]).toBeUndefined();
    expect(
      (await admin.get<Record<string, unknown>>("/api/v2/config?select=garden.title")).body["garden.title"],
    ).not.toBe("Owned");
    expect((await admin.get<{ name: string }>(`/api/v2/discussions/${fixture.discussionID}`)).body.name).toBe(
      "Owner's thread",
    );
    expect(
      (await admin.get<{ name: string; banned: boolean }>(`/api/v2/users/${fixture.owner.userID}`)).body,
    ).toMatchObject({
      banned: 0,
    });
    expect((await fixture.owner.client.get<{ userID: number }>("/api/v2/users/me")).body.userID).toBe(
      fixture.owner.userID,
    );
  });
});
