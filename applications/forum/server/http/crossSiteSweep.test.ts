import net from "node:net";
import { serverApplications } from "@applications/serverApplications";
import type { RegisteredRoute } from "@library/server/app/buildApp";
import { sessionClient } from "@library/server/testing/factories";
import { tableCounter } from "@library/server/testing/tableCounts";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";

/**
 * Every write route, API and page alike, posted by a page on another site in a signed-in administrator's browser:
 * a form body (urlencoded, multipart, text/plain) and no app marker, at the route's own address and at every other
 * spelling of it (escaped letters, encoded and doubled slashes, mixed case, trailing dots and slashes). Each is
 * refused with 4xx and nothing is written. The routes come from the running app, so a route added later is swept
 * too.
 */

type Method = "POST" | "PUT" | "PATCH" | "DELETE";
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Tables any write of an administrator touches (every staff write is audited), by row count. */
const WATCHED_TABLES = [
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
  "messages",
  "notifications",
  "mailOutbox",
  "media",
  "sessions",
  "auditLog",
];

/** Routes that end the caller's own session: swept last, so a failure there cannot hide one elsewhere. */
const ENDS_SESSION =
  /^(POST \/api\/v2\/authenticate\/signout|DELETE \/api\/v2\/sessions|POST \/entry\/signout)/;

interface Fixture {
  adminID: number;
  memberID: number;
  categoryID: number;
  discussionID: number;
  commentID: number;
  conversationID: number;
  memberRoleID: number;
}

/** The route's address with real records in it, so a write that got through would change something. */
function fillPath(url: string, fixture: Fixture): string {
  const segments = url.split("/");
  return segments
    .map((segment, index) => {
      if (segment === "*") return "x";
      if (!segment.startsWith(":")) return segment;
      const ids: Record<string, number> = {
        users: fixture.memberID,
        categories: fixture.categoryID,
        discussions: fixture.discussionID,
        discussion: fixture.discussionID,
        comments: fixture.commentID,
        comment: fixture.commentID,
        conversations: fixture.conversationID,
        messages: fixture.conversationID,
        roles: fixture.memberRoleID,
      };
      if (/userid$/i.test(segment)) return String(fixture.memberID);
      if (segment === ":addonID" || segment === ":key") return "conversations";
      return String(ids[segments[index - 1] ?? ""] ?? 1);
    })
    .join("/");
}

/** The first segment that is a plain word (not a parameter), after `/api/v2` for API routes. */
function wordIndex(segments: string[]): number {
  const start = segments[1] === "api" ? 3 : 1;
  const index = segments.findIndex((segment, i) => i >= start && /^[a-z]/i.test(segment));
  return index === -1 ? 1 : index;
}

/** The address as written, and the other spellings a router or a proxy might read differently. */
function spellings(path: string): string[] {
  const segments = path.split("/");
  const at = wordIndex(segments);
  const word = segments[at] ?? "";
  const withWord = (replacement: string) =>
    segments.map((segment, index) => (index === at ? replacement : segment)).join("/");
  const hex = (character: string) => `%${character.charCodeAt(0).toString(16).padStart(2, "0")}`;
  return [
    path,
    `${path}/`,
    withWord(`${hex(word.charAt(0))}${word.slice(1)}`),
    withWord(`${hex(word.charAt(0)).toUpperCase()}${word.slice(1)}`),
    withWord(word.toUpperCase()),
    withWord(`${word}.`),
    withWord(`${word}%2e`),
    withWord(`${word}%2F`),
    withWord(`/${word}`),
    `/${path}`,
    `${path}.`,
    `${path}%00`,
    ...(segments[1] === "api"
      ? [path.replace("/api/v2/", "/%61pi/v2/"), path.replace("/api/v2/", "/api%2Fv2/")]
      : []),
  ];
}

const FIELDS: Record<string, string> = {
  name: "Planted",
  body: "Planted words",
  format: "text",
  email: "planted@example.com",
  password: "long password 1",
  enabled: "false",
  banned: "true",
  description: "Planted",
  "garden.title": "Planted",
};

function formBodies(fixture: Fixture): { type: string; payload: string }[] {
  const fields = {
    ...FIELDS,
    categoryID: String(fixture.categoryID),
    discussionID: String(fixture.discussionID),
    userID: String(fixture.memberID),
  };
  const boundary = "----crossSiteSweep";
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nplanted\r\n`;
  return [
    { type: "application/x-www-form-urlencoded", payload: new URLSearchParams(fields).toString() },
    {
      type: `multipart/form-data; boundary=${boundary}`,
      payload: `${parts.join("")}${file}--${boundary}--\r\n`,
    },
    { type: "text/plain", payload: JSON.stringify(fields) },
  ];
}

describe.each(testDialects)("another site's forms against every write route (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let fixture: Fixture;
  let cookieName: string;

  let counts: () => Promise<Record<string, number>>;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    counts = tableCounter(testApp, WATCHED_TABLES);
    cookieName = testApp.context.settings.peek<string>("garden.cookie.name");
    const signedIn = await sessionClient(testApp, { role: "Administrator" });
    admin = signedIn.client;
    const member = await sessionClient(testApp);
    const category = await admin.post<{ categoryID: number }>("/api/v2/categories", {
      name: "Swept",
      urlcode: "swept",
    });
    const discussion = await member.client.post<{ discussionID: number }>("/api/v2/discussions", {
      categoryID: category.body.categoryID,
      name: "Member's thread",
      body: "Member's words",
      format: "text",
    });
    const comment = await member.client.post<{ commentID: number }>("/api/v2/comments", {
      discussionID: discussion.body.discussionID,
      body: "Member's comment",
      format: "text",
    });
    const conversation = await admin.post<{ conversationID: number }>("/api/v2/conversations", {
      participantUserIDs: [member.user.userID],
      initialBody: "Private words",
      initialFormat: "text",
    });
    const roles = await admin.get<{ roleID: number; name: string }[]>("/api/v2/roles");
    fixture = {
      adminID: signedIn.user.userID,
      memberID: member.user.userID,
      categoryID: category.body.categoryID,
      discussionID: discussion.body.discussionID,
      commentID: comment.body.commentID,
      conversationID: conversation.body.conversationID,
      memberRoleID: roles.body.find((role) => role.name === "Member")?.roleID ?? 0,
    };
  });
  afterAll(() => testApp.close());

  it("refuses every write route under every spelling, with every form body, and writes nothing", async () => {
    const writes = testApp.routes.filter((route: RegisteredRoute) => WRITES.has(route.method));
    const ordered = [
      ...writes.filter((route) => !ENDS_SESSION.test(`${route.method} ${route.url}`)),
      ...writes.filter((route) => ENDS_SESSION.test(`${route.method} ${route.url}`)),
    ];
    const bodies = formBodies(fixture);
    let requests = 0;
    // The counts after the previous route's requests (checked unchanged), while no request has run since.
    let before = await counts();
    for (const route of ordered) {
      for (const url of spellings(fillPath(route.url, fixture)))
        for (const body of bodies) {
          const response = await testApp.app.inject({
            method: route.method as Method,
            url,
            headers: {
              host: "localhost:80",
              origin: "http://evil.example",
              referer: "http://evil.example/attack.html",
              cookie: `${cookieName}=${admin.cookie ?? ""}`,
              "content-type": body.type,
            },
            payload: body.payload,
          });
          requests += 1;
          const label = `${route.method} ${url} (${body.type.split(";")[0] ?? ""})`;
          expect({ label, refused: response.statusCode >= 400 && response.statusCode < 500 }).toEqual({
            label,
            refused: true,
          });
          if (String(response.headers["content-type"]).startsWith("application/json"))
            expect({ label, body: response.json() }).toEqual({
              label,
              body: expect.objectContaining({ message: expect.any(String), status: response.statusCode }),
            });
        }
      const label = `${route.method} ${route.url}`;
      const after = await counts();
      expect({ label, counts: after }).toEqual({ label, counts: before });
      before = after;
    }
    expect(requests).toBeGreaterThan(1000);
    // The administrator's own session outlived the routes that end one.
    expect((await admin.get<{ userID: number }>("/api/v2/users/me")).body.userID).toBe(fixture.adminID);
  }, 300_000);

  it("refuses . and .. segments a client sends as they are (a proxy may resolve them, the router does not)", async () => {
    await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const address = testApp.app.server.address();
    if (!address || typeof address === "string") throw new Error("The test server has no port.");
    const before = await counts();
    const body = JSON.stringify({ name: "Dotted", email: "dotted@example.com", password: "long password 1" });
    for (const path of [
      "/static/../api/v2/users",
      "/api/v2/./users",
      "/api/v2/users/.",
      "/api/v2/users/..",
      "/api/v2/%2e%2e/v2/users",
      "/dist/../api/v2/users",
    ]) {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(address.port, "127.0.0.1", () => {
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: localhost:80\r\nCookie: ${cookieName}=${admin.cookie ?? ""}\r\n` +
              `X-Requested-With: vanilla\r\nReferer: http://localhost:80/\r\nContent-Type: application/json\r\n` +
              `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
          );
        });
        let received = "";
        socket.on("data", (chunk) => (received += chunk.toString()));
        socket.on("close", () => resolve(received));
        socket.on("error", reject);
      });
      expect({ path, status: raw.slice(0, 12) }).toEqual({ path, status: "HTTP/1.1 400" });
    }
    expect(await counts()).toEqual(before);
  });
});
