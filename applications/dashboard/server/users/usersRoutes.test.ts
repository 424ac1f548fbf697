import type { User, UserFragment } from "@forum/api/users";
import { isoPlusSeconds } from "@library/server/http/dates";
import {
  createTestUser,
  roleIDByName,
  signedInClient,
  type TestUser,
} from "@library/server/testing/factories";
import { testDialects, TEST_ORIGIN, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { createDashboardTestApp, writeSettings } from "../testing/dashboardTesting";
import { DEFAULT_AVATAR_URL } from "./userUrls";

describe.each(testDialects)("reading users on %s", (dialect) => {
  let testApp: TestApp;
  let member: { client: TestClient; user: TestUser };
  let moderator: { client: TestClient; user: TestUser };
  let admin: { client: TestClient; user: TestUser };
  let alpha: TestUser;
  let alpine: TestUser;
  let hidden: TestUser;
  let gone: TestUser;

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
    member = await signedInClient(testApp, { name: "Reader" });
    moderator = await signedInClient(testApp, { name: "Watcher", role: "Moderator" });
    admin = await signedInClient(testApp, { name: "Boss", role: "Administrator" });
    alpha = await createTestUser(testApp.context, { name: "Alpha" });
    alpine = await createTestUser(testApp.context, { name: "alpine_fan" });
    hidden = await createTestUser(testApp.context, { name: "Alps Private", private: true });
    gone = await createTestUser(testApp.context, { name: "Alpgone" });
    const db = testApp.context.db;
    await db
      .updateTable("users")
      .set({ deleted: 1, nameKey: `deleted-${gone.userID}` })
      .where("userID", "=", gone.userID)
      .execute();
    await db
      .updateTable("users")
      .set({ dateLastActive: isoPlusSeconds(-3600), countComments: 5 })
      .where("userID", "=", alpine.userID)
      .execute();
    await db
      .updateTable("users")
      .set({ dateLastActive: isoPlusSeconds(-200 * 86400) })
      .where("userID", "=", alpha.userID)
      .execute();
  });
  afterAll(async () => {
    await testApp.close();
  });

  describe("GET /users/by-names", () => {
    it("matches a prefix case-insensitively, excludes deleted users, reduces private ones", async () => {
      const response = await testApp.guest().get<UserFragment[]>("/api/v2/users/by-names?name=ALP*");
      expect(response.status).toBe(200);
      expect(response.body.map((user) => user.name)).toEqual(["Alpha", "alpine_fan", "Alps Private"]);
      expect(response.body[2]).toMatchObject({
        private: true,
        dateLastActive: null,
        photoUrl: `${TEST_ORIGIN}${DEFAULT_AVATAR_URL}`,
      });
      expect(response.text).not.toContain("@example.com");
      expect(response.headers["x-app-page-current"]).toBe("1");
    });

    it("matches exactly without the wildcard and treats % and _ literally", async () => {
      const exact = await testApp.guest().get<UserFragment[]>("/api/v2/users/by-names?name=alpha");
      expect(exact.body.map((user) => user.name)).toEqual(["Alpha"]);
      const underscore = await testApp.guest().get<UserFragment[]>("/api/v2/users/by-names?name=alp_*");
      expect(underscore.body).toEqual([]);
    });

    it("orders for mentions: recently active first, then by name; and by comment count", async () => {
      const mention = await testApp
        .guest()
        .get<UserFragment[]>("/api/v2/users/by-names?name=al*&order=mention");
      expect(mention.body.map((user) => user.name)).toEqual(["alpine_fan", "Alpha", "Alps Private"]);
      const comments = await testApp
        .guest()
        .get<UserFragment[]>("/api/v2/users/by-names?name=al*&order=countComments");
      expect(comments.body[0]?.name).toBe("alpine_fan");
    });

    it("pages with a more pager", async () => {
      const response = await testApp.guest().get<UserFragment[]>("/api/v2/users/by-names?name=al*&limit=2");
      expect(response.body).toHaveLength(2);
      expect(response.headers["x-app-page-next-url"]).toContain("page=2");
      expect(response.headers["x-app-page-result-count"]).toBeUndefined();
    });

    it("answers 422 keyed by field for a missing name or a limit over 100", async () => {
      const missing = await testApp.guest().get("/api/v2/users/by-names");
      expect(missing.status).toBe(422);
      expect(missing.body).toMatchObject({ errors: [{ field: "name" }] });
      const tooMany = await testApp.guest().get("/api/v2/users/by-names?name=a*&limit=101");
      expect(tooMany.body).toMatchObject({ status: 422, errors: [{ field: "limit" }] });
    });
  });

  describe("GET /users", () => {
    it("gives members the public view and user administrators the full view, with a numbered pager", async () => {
      const publicView = await member.client.get<User[]>("/api/v2/users?limit=2&sort=userID");
      expect(publicView.status).toBe(200);
      expect(publicView.headers["x-app-page-result-count"]).toBe("6");
      expect(publicView.headers["x-app-page-next-url"]).toContain("page=2");
      const others = publicView.body.filter((user) => user.userID !== member.user.userID);
      expect(others.every((user) => user.email === undefined)).toBe(true);
      const full = await admin.client.get<User[]>(`/api/v2/users?userID=${alpha.userID}`);
      expect(full.body).toEqual([
        expect.objectContaining({
          userID: alpha.userID,
          email: alpha.email,
          roles: [expect.objectContaining({ name: "Member" })],
        }),
      ]);
      expect(full.text).not.toContain("scrypt");
    });

    it("filters by name, role, ban, id range, email and query, and sorts", async () => {
      const byName = await member.client.get<User[]>("/api/v2/users?name=alp*&sort=-name");
      expect(byName.body.map((user) => user.name)).toEqual(["Alps Private", "alpine_fan", "Alpha"]);
      const moderatorRoleID = await roleIDByName(testApp.context, "Moderator");
      const byRole = await member.client.get<User[]>(`/api/v2/users?roleIDs[]=${moderatorRoleID}`);
      expect(byRole.body.map((user) => user.name)).toEqual(["Watcher"]);
      const range = await member.client.get<User[]>(`/api/v2/users?userID=${alpha.userID}..${alpine.userID}`);
      expect(range.body.map((user) => user.userID)).toEqual([alpha.userID, alpine.userID]);
      const csv = await member.client.get<User[]>(`/api/v2/users?userID=${alpha.userID},${hidden.userID}`);
      expect(csv.body.map((user) => user.userID)).toEqual([alpha.userID, hidden.userID]);
      const notBanned = await member.client.get<User[]>("/api/v2/users?isBanned=true");
      expect(notBanned.body).toEqual([]);
      const byEmail = await admin.client.get<User[]>(
        `/api/v2/users?email=${encodeURIComponent(alpine.email.toUpperCase())}`,
      );
      expect(byEmail.body.map((user) => user.userID)).toEqual([alpine.userID]);
      const memberQuery = await member.client.get<User[]>("/api/v2/users?query=example.com");
      expect(memberQuery.body).toEqual([]);
      const adminQuery = await admin.client.get<User[]>("/api/v2/users?query=alpine");
      expect(adminQuery.body.map((user) => user.userID)).toEqual([alpine.userID]);
    });

    it("refuses the email filter to a member (403)", async () => {
      const response = await member.client.get(`/api/v2/users?email=${encodeURIComponent(alpha.email)}`);
      expect(response.status).toBe(403);
    });

    it("answers 422 keyed by field for a bad range, sort or limit", async () => {
      const range = await member.client.get("/api/v2/users?userID=1..x");
      expect(range.body).toMatchObject({ status: 422, errors: [{ field: "userID" }] });
      const limit = await member.client.get("/api/v2/users?limit=501");
      expect(limit.body).toMatchObject({ status: 422, errors: [{ field: "limit" }] });
      const sort = await member.client.get("/api/v2/users?sort=password");
      expect(sort.status).toBe(422);
    });
  });

  describe("GET /users/{id}", () => {
    it("shows the user themself and moderators the full record, members the public one", async () => {
      const self = await member.client.get<User>(`/api/v2/users/${member.user.userID}`);
      expect(self.body).toMatchObject({ email: member.user.email, emailConfirmed: true });
      const byModerator = await moderator.client.get<User>(`/api/v2/users/${alpha.userID}`);
      expect(byModerator.body.email).toBe(alpha.email);
      expect(byModerator.body.isAdmin).toBeUndefined();
      const byAdmin = await admin.client.get<User>(`/api/v2/users/${alpha.userID}`);
      expect(byAdmin.body).toMatchObject({ isAdmin: false, insertIPAddress: null });
      const publicView = await member.client.get<User>(`/api/v2/users/${alpha.userID}`);
      expect(publicView.status).toBe(200);
      expect(publicView.body).toMatchObject({
        userID: alpha.userID,
        name: "Alpha",
        url: `${TEST_ORIGIN}/profile/Alpha`,
        private: false,
      });
      expect(publicView.body.email).toBeUndefined();
      expect(publicView.body.emailConfirmed).toBeUndefined();
    });

    it("gives the private view of a private user, and of a banned user when ui.bannedPrivateProfile is on", async () => {
      const privateView = await member.client.get<User>(`/api/v2/users/${hidden.userID}`);
      expect(Object.keys(privateView.body).sort()).toEqual([
        "banned",
        "name",
        "photoUrl",
        "private",
        "url",
        "userID",
      ]);
      expect(privateView.body.private).toBe(true);
      expect((await moderator.client.get<User>(`/api/v2/users/${hidden.userID}`)).body.email).toBe(
        hidden.email,
      );

      await testApp.context.db
        .updateTable("users")
        .set({ banned: 1 })
        .where("userID", "=", alpine.userID)
        .execute();
      await writeSettings(testApp.context, { "ui.bannedPrivateProfile": true });
      const banned = await member.client.get<User>(`/api/v2/users/${alpine.userID}`);
      await writeSettings(testApp.context, { "ui.bannedPrivateProfile": false });
      await testApp.context.db
        .updateTable("users")
        .set({ banned: 0 })
        .where("userID", "=", alpine.userID)
        .execute();
      expect(banned.body).toMatchObject({ banned: 1, private: true });
      expect(banned.body.dateInserted).toBeUndefined();
    });

    it("answers 404 for an unknown user and 410 for a deleted one", async () => {
      const unknown = await member.client.get("/api/v2/users/999999");
      expect(unknown.body).toEqual({ message: "User not found.", status: 404 });
      const deleted = await member.client.get(`/api/v2/users/${gone.userID}`);
      expect(deleted.status).toBe(410);
      expect(deleted.body).toEqual({ message: "This user has been deleted.", status: 410 });
      expect((await member.client.get("/api/v2/users/nobody")).status).toBe(422);
    });
  });

  describe("without profiles.view", () => {
    let guestRoleID: number;
    beforeAll(async () => {
      guestRoleID = await roleIDByName(testApp.context, "Guest");
      await testApp.context.db
        .deleteFrom("rolePermissions")
        .where("roleID", "=", guestRoleID)
        .where("permission", "=", "profiles.view")
        .execute();
      testApp.context.grants.invalidate();
    });
    afterAll(async () => {
      await testApp.context.db
        .insertInto("rolePermissions")
        .values({ roleID: guestRoleID, resourceType: "global", resourceID: 0, permission: "profiles.view" })
        .execute();
      testApp.context.grants.invalidate();
    });

    it("refuses the list and a profile with 403", async () => {
      const list = await testApp.guest().get("/api/v2/users");
      expect(list.status).toBe(403);
      expect(list.body).toMatchObject({
        message: "Permission Problem",
        permissions: expect.arrayContaining(["profiles.view"]),
      });
      expect((await testApp.guest().get(`/api/v2/users/${alpha.userID}`)).status).toBe(403);
    });
  });
});
