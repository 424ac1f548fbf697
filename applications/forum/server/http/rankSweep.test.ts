import { serverApplications } from "@applications/serverApplications";
import type { RecoveryCodes, TwoFactorSetup } from "@forum/api/twoFactor";
import type { RegisteredRoute } from "@library/server/app/buildApp";
import { totpCode, totpStep } from "@library/server/auth/totp";
import { sessionClient, type RoleName } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { sql } from "kysely";

/**
 * Every route that acts on a user, tried by lower-ranked staff on someone above them (a site manager or a
 * moderator on the administrator, a moderator on a site manager): 403, and nothing of the target changed. The
 * routes come from the running app, so a route added later is swept too.
 */

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Routes whose user id does not mean acting on that user, which the core must keep so. Each is here for a reason;
 * beyond these, a route (an add-on's too) says so itself with `config: { actsOnUser: false }`: a public read of a
 * member's badges or rank, a group's membership that its leaders manage. Anything else that names a user in its
 * path is swept.
 */
const NOT_ACTING_ON_USER = [
  // The public profile: anyone who may see profiles reads it.
  "GET /api/v2/users/:id",
  // The mailed code is the proof, whoever follows the link.
  "POST /api/v2/users/:id/confirm-email",
  "GET /entry/emailconfirm/:userID/:code",
];

/** A route names a user when a parameter follows `users` or is called `…userID`. */
function namesUser(url: string): boolean {
  const segments = url.split("/");
  return segments.some(
    (segment, index) =>
      segment.startsWith(":") && (segments[index - 1] === "users" || /userid$/i.test(segment)),
  );
}

/** Tables a refused request must leave as they were (row counts), besides the target's own rows. */
const WATCHED_TABLES = [
  "users",
  "userRoles",
  "sessions",
  "userTwoFactor",
  "userBans",
  "userPostMutes",
  "reactions",
  "notifications",
  "mailOutbox",
  "auditLog",
  "passwordResets",
];

interface Staff {
  client: TestClient;
  userID: number;
}

describe.each(testDialects)("staff acting on someone of higher rank (%s)", (dialect) => {
  let testApp: TestApp;
  let userRoutes: RegisteredRoute[];
  let staff: Record<"administrator" | "manager" | "moderator", Staff>;
  let discussionID: number;
  let commentID: number;
  let memberRoleID: number;

  async function newStaff(role: RoleName): Promise<Staff> {
    const { client, user } = await sessionClient(testApp, { role });
    return { client, userID: user.userID };
  }

  async function turnOnTwoFactor(client: TestClient): Promise<void> {
    const setup = await client.post<TwoFactorSetup>("/api/v2/users/me/two-factor/setup");
    const enabled = await client.post<RecoveryCodes>("/api/v2/users/me/two-factor/enable", {
      code: totpCode(setup.body.secret, totpStep()),
    });
    expect(enabled.status).toBe(200);
  }

  /** Everything a refused request might have touched: the watched tables' counts and the target's rows. */
  async function footprint(userID: number): Promise<unknown> {
    const db = testApp.context.db;
    const counts = await sql<{ name: string; count: number | string }>`${WATCHED_TABLES.map(
      (table) => sql`select ${table} as "name", count(*) as "count" from ${sql.table(table)}`,
    ).reduce((union, part) => sql`${union} union all ${part}`)}`.execute(db);
    return {
      counts: Object.fromEntries(counts.rows.map((row) => [row.name, Number(row.count)])),
      user: await db.selectFrom("users").selectAll().where("userID", "=", userID).executeTakeFirst(),
      roles: await db.selectFrom("userRoles").select("roleID").where("userID", "=", userID).execute(),
      sessions: await db.selectFrom("sessions").select("sessionID").where("userID", "=", userID).execute(),
      twoFactor: await db.selectFrom("userTwoFactor").selectAll().where("userID", "=", userID).execute(),
      reactions: await db.selectFrom("reactions").selectAll().where("userID", "=", userID).execute(),
    };
  }

  /** Good input for each route, so a refusal is the rank rule and not a bad request. */
  function bodiesFor(route: RegisteredRoute): unknown[] {
    const key = `${route.method} ${route.url}`;
    const bodies: Record<string, unknown[]> = {
      "PATCH /api/v2/users/:id": [
        { name: "Taken Over" },
        { email: "taken@example.com" },
        { password: "a new password 1" },
        { photo: "https://example.com/photo.png" },
        { roleID: [memberRoleID] },
        { resetPassword: true },
        { banned: true },
        { emailConfirmed: false },
        { private: true },
      ],
      "PUT /api/v2/users/:id/ban": [{ banned: true }, { banned: true, reason: "Rank", days: 3 }],
      "PUT /api/v2/users/:id/post-mute": [{ muted: true, days: 3, reason: "Rank" }],
      "POST /api/v2/users/:id/warnings": [{ reason: "Rank" }],
      "DELETE /api/v2/users/:id": [{ deleteMethod: "wipe" }, { deleteMethod: "keep" }],
    };
    return bodies[key] ?? [route.hasBody ? {} : undefined];
  }

  /** The route's path on `targetID`, the id written as given, other ids those of the fixture. */
  function pathFor(route: RegisteredRoute, id: string): string {
    const segments = route.url.split("/");
    return segments
      .map((segment, index) => {
        if (!segment.startsWith(":")) return segment;
        if (segments[index - 1] === "users" || /userid$/i.test(segment)) return id;
        if (segments[index - 1] === "comments") return String(commentID);
        return String(discussionID);
      })
      .join("/");
  }

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    userRoutes = testApp.routes.filter((route) => namesUser(route.url));
    // Every add-on runs, so the routes they add are tried for real (a disabled add-on's route answers 404).
    for (const entry of testApp.context.addons.list())
      if (!testApp.context.addons.isActive(entry.manifest.key))
        await testApp.context.addons.setEnabled(entry.manifest.key, true, null);
    staff = {
      administrator: await newStaff("Administrator"),
      manager: await newStaff("Site Manager"),
      moderator: await newStaff("Moderator"),
    };
    const { administrator } = staff;
    await turnOnTwoFactor(administrator.client);
    await turnOnTwoFactor(staff.manager.client);
    const category = await administrator.client.post<{ categoryID: number }>("/api/v2/categories", {
      name: "Ranks",
      urlcode: "ranks",
    });
    const discussion = await administrator.client.post<{ discussionID: number }>("/api/v2/discussions", {
      categoryID: category.body.categoryID,
      name: "Staff room",
      body: "Words",
      format: "text",
    });
    discussionID = discussion.body.discussionID;
    const comment = await administrator.client.post<{ commentID: number }>("/api/v2/comments", {
      discussionID,
      body: "A reply",
      format: "text",
    });
    commentID = comment.body.commentID;
    for (const member of [staff.administrator, staff.manager]) {
      for (const url of [
        `/api/v2/discussions/${discussionID}/reactions`,
        `/api/v2/comments/${commentID}/reactions`,
      ])
        expect((await member.client.post(url, { reactionType: "like" })).status).toBe(201);
    }
    const roles = await administrator.client.get<{ roleID: number; name: string }[]>("/api/v2/roles");
    memberRoleID = roles.body.find((role) => role.name === "Member")?.roleID ?? 0;
  });
  afterAll(() => testApp.close());

  it("finds every route that names a user, and each one not listed as a read by code or profile is an API route", () => {
    const listed = userRoutes.map((route) => `${route.method} ${route.url}`);
    for (const exempt of NOT_ACTING_ON_USER) expect(listed).toContain(exempt);
    for (const route of userRoutes)
      if (NOT_ACTING_ON_USER.includes(`${route.method} ${route.url}`)) expect(route.actsOnUser).toBe(false);
    const swept = userRoutes
      .filter((route) => route.actsOnUser)
      .map((route) => `${route.method} ${route.url}`);
    // Sessions, two-factor, export, ban, mutes, warnings, approval, deletion, edits (photo, password, roles…).
    expect(swept).toEqual(
      expect.arrayContaining([
        "GET /api/v2/users/:id/sessions",
        "DELETE /api/v2/users/:id/sessions",
        "DELETE /api/v2/users/:id/two-factor",
        "GET /api/v2/users/:id/export",
        "GET /api/v2/users/:id/permissions",
        "PATCH /api/v2/users/:id",
        "PUT /api/v2/users/:id/ban",
        "PUT /api/v2/users/:id/post-mute",
        "POST /api/v2/users/:id/warnings",
        "POST /api/v2/users/:id/approve",
        "DELETE /api/v2/users/:id",
        "DELETE /api/v2/discussions/:id/reactions/:userID",
        "DELETE /api/v2/comments/:id/reactions/:userID",
      ]),
    );
    expect(swept.every((route) => route.split(" ")[1]?.startsWith("/api/v2/"))).toBe(true);
  });

  it.each([
    { who: "a site manager", on: "the administrator", actorRole: "manager", targetRole: "administrator" },
    { who: "a moderator", on: "the administrator", actorRole: "moderator", targetRole: "administrator" },
    { who: "a moderator", on: "a site manager", actorRole: "moderator", targetRole: "manager" },
  ] as const)(
    "refuses $who on $on with 403 on every such route, and changes nothing",
    async (pair) => {
      const actor = staff[pair.actorRole];
      const target = staff[pair.targetRole];
      const before = await footprint(target.userID);
      let requests = 0;
      for (const route of userRoutes) {
        if (!route.actsOnUser) continue;
        // The id as written, and as the route's validation would also read it.
        for (const id of [String(target.userID), `0x${target.userID.toString(16)}`, `+${target.userID}`]) {
          for (const body of bodiesFor(route)) {
            const path = pathFor(route, id);
            const response = await actor.client.request(route.method as Method, path, body);
            requests += 1;
            const label = `${route.method} ${path} ${JSON.stringify(body ?? null)}`;
            expect({ label, status: response.status }).toEqual({ label, status: 403 });
          }
        }
      }
      expect(requests).toBeGreaterThan(40);
      expect(await footprint(target.userID)).toEqual(before);
      // The target still signs in as before and reads their own account.
      const me = await target.client.get<{ userID: number }>("/api/v2/users/me");
      expect(me.body.userID).toBe(target.userID);
    },
    120_000,
  );
});
