import type { User } from "@forum/api/users";
import {
  createTestUser,
  roleIDByName,
  signedInClient,
  TEST_PASSWORD,
  type TestUser,
} from "@library/server/testing/factories";
import { countRows, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { createDashboardTestApp, latestMailTo, roleNamesOf } from "../testing/dashboardTesting";
import { HIGHER_PERMISSIONS_MESSAGE } from "./userEditGuards";

describe.each(testDialects)("writing users on %s", (dialect) => {
  let testApp: TestApp;
  let member: { client: TestClient; user: TestUser };
  let moderator: { client: TestClient; user: TestUser };
  let manager: { client: TestClient; user: TestUser };
  let admin: { client: TestClient; user: TestUser };
  let target: TestUser;

  const userRow = (userID: number) =>
    testApp.context.db.selectFrom("users").selectAll().where("userID", "=", userID).executeTakeFirstOrThrow();
  const sessionsOf = async (userID: number) =>
    (
      await testApp.context.db
        .selectFrom("sessions")
        .select("sessionID")
        .where("userID", "=", userID)
        .execute()
    ).length;

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
    member = await signedInClient(testApp, { name: "Writer" });
    moderator = await signedInClient(testApp, { name: "Mod", role: "Moderator" });
    manager = await signedInClient(testApp, { name: "Manager", role: "Site Manager" });
    admin = await signedInClient(testApp, { name: "Admin", role: "Administrator" });
    target = await createTestUser(testApp.context, { name: "Target" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  describe("POST /users", () => {
    it("creates a member with a welcome mail (users.add)", async () => {
      const response = await manager.client.post<User>("/api/v2/users", {
        name: "Made",
        email: "made@example.com",
        password: "pw",
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        name: "Made",
        email: "made@example.com",
        emailConfirmed: true,
        roles: [{ name: "Member" }],
      });
      expect(response.text).not.toContain("scrypt");
      expect((await latestMailTo(testApp.context, "made@example.com"))?.subject).toBe("Welcome to Community");
    });

    it("refuses members, guests and roles the editor could not hold (403), creating nobody", async () => {
      const before = await countRows(testApp.context, "users");
      const body = { name: "Nope", email: "nope@example.com", password: "pw" };
      expect((await member.client.post("/api/v2/users", body)).status).toBe(403);
      expect((await testApp.guest().post("/api/v2/users", body)).status).toBe(403);
      const adminRoleID = await roleIDByName(testApp.context, "Administrator");
      expect((await manager.client.post("/api/v2/users", { ...body, roleID: [adminRoleID] })).status).toBe(
        403,
      );
      expect(await countRows(testApp.context, "users")).toBe(before);
    });

    it("answers 422 keyed by field for duplicates, bad emails and unknown roles", async () => {
      const before = await countRows(testApp.context, "users");
      const duplicate = await admin.client.post("/api/v2/users", {
        name: "target",
        email: target.email,
        password: "pw",
      });
      expect(duplicate.body).toMatchObject({ status: 422, errors: [{ field: "name" }, { field: "email" }] });
      const badEmail = await admin.client.post("/api/v2/users", {
        name: "Other",
        email: "nope",
        password: "pw",
      });
      expect(badEmail.body).toMatchObject({ status: 422, errors: [{ field: "email" }] });
      const badRole = await admin.client.post("/api/v2/users", {
        name: "Other",
        email: "o@example.com",
        password: "pw",
        roleID: [9999],
      });
      expect(badRole.body).toMatchObject({ status: 422, errors: [{ field: "roleID" }] });
      expect(await countRows(testApp.context, "users")).toBe(before);
    });
  });

  describe("PATCH /users/{id}", () => {
    it("lets a member edit their own profile fields", async () => {
      const response = await member.client.patch<User>(`/api/v2/users/${member.user.userID}`, {
        showEmail: true,
        private: true,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ showEmail: true, private: true, email: member.user.email });
    });

    it("needs the current password to change one's own email, and keeps only the current session on a password change", async () => {
      const url = `/api/v2/users/${member.user.userID}`;
      const missing = await member.client.patch(url, { email: "changed@example.com" });
      expect(missing.body).toMatchObject({ status: 422, errors: [{ field: "passwordConfirmation" }] });
      const wrong = await member.client.patch(url, {
        email: "changed@example.com",
        passwordConfirmation: "wrong",
      });
      expect(wrong.body).toMatchObject({ status: 422, errors: [{ field: "passwordConfirmation" }] });
      expect((await userRow(member.user.userID)).email).toBe(member.user.email);

      const secondDevice = testApp.guest();
      await secondDevice.post("/api/v2/authenticate/password", {
        username: member.user.name,
        password: TEST_PASSWORD,
      });
      expect(await sessionsOf(member.user.userID)).toBe(2);
      const changed = await member.client.patch<User>(url, {
        password: "a new password",
        passwordConfirmation: TEST_PASSWORD,
      });
      expect(changed.status).toBe(200);
      expect(await sessionsOf(member.user.userID)).toBe(1);
      expect((await member.client.get<User>("/api/v2/users/me")).body.userID).toBe(member.user.userID);
      expect((await secondDevice.get<User>("/api/v2/users/me")).body.userID).toBe(0);
      await member.client.patch(url, { password: TEST_PASSWORD, passwordConfirmation: "a new password" });
    });

    it("refuses admin fields and other users to a member (403) and changes nothing", async () => {
      const memberRoleID = await roleIDByName(testApp.context, "Moderator");
      const ownRoles = await member.client.patch(`/api/v2/users/${member.user.userID}`, {
        roleID: [memberRoleID],
      });
      expect(ownRoles.status).toBe(403);
      const other = await member.client.patch(`/api/v2/users/${target.userID}`, { name: "Hijacked" });
      expect(other.status).toBe(403);
      expect(
        (await testApp.guest().patch(`/api/v2/users/${target.userID}`, { name: "Hijacked" })).status,
      ).toBe(403);
      expect((await userRow(target.userID)).name).toBe("Target");
      expect(await roleNamesOf(testApp.context, member.user.userID)).toEqual(["Member"]);
    });

    it("refuses to let a site manager edit an administrator", async () => {
      const response = await manager.client.patch(`/api/v2/users/${admin.user.userID}`, { name: "Demoted" });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: HIGHER_PERMISSIONS_MESSAGE, status: 403 });
      expect((await userRow(admin.user.userID)).name).toBe("Admin");
    });

    it("lets users.edit replace roles, and ban through PATCH, which ends the sessions", async () => {
      const moderatorRoleID = await roleIDByName(testApp.context, "Moderator");
      const roles = await manager.client.patch<User>(`/api/v2/users/${target.userID}`, {
        roleID: [moderatorRoleID],
      });
      expect(roles.status).toBe(200);
      expect(roles.body.roles).toEqual([{ roleID: moderatorRoleID, name: "Moderator" }]);
      const targetClient = testApp.guest();
      await targetClient.post("/api/v2/authenticate/password", {
        username: target.name,
        password: TEST_PASSWORD,
      });
      const banned = await manager.client.patch<User>(`/api/v2/users/${target.userID}`, { banned: true });
      expect(banned.body.banned).toBe(1);
      expect(await sessionsOf(target.userID)).toBe(0);
      await manager.client.patch(`/api/v2/users/${target.userID}`, {
        banned: false,
        roleID: [await roleIDByName(testApp.context, "Member")],
      });
    });

    it("saves a member's Markdown signature as sanitised HTML, shows it on /users/me, and clears it", async () => {
      const url = `/api/v2/users/${member.user.userID}`;
      const set = await member.client.patch(url, { signature: "I **test** things <script>x</script>" });
      expect(set.status).toBe(200);
      const row = await userRow(member.user.userID);
      expect(row.signatureRaw).toBe("I **test** things <script>x</script>");
      expect(row.signature).toContain("<strong>test</strong>");
      expect(row.signature).not.toContain("<script");
      const me = await member.client.get<User>("/api/v2/users/me");
      expect(me.body.signature?.body).toContain("<strong>test</strong>");

      const edited = await admin.client.patch(url, { signature: "Edited by *staff*" });
      expect(edited.status).toBe(200);
      expect((await userRow(member.user.userID)).signature).toContain("<em>staff</em>");

      expect((await member.client.patch(url, { signature: "" })).status).toBe(200);
      expect(await userRow(member.user.userID)).toMatchObject({ signature: null, signatureRaw: null });
      await member.client.patch(url, { signature: "Back" });
      expect((await member.client.patch(url, { signature: null })).status).toBe(200);
      expect(await userRow(member.user.userID)).toMatchObject({ signature: null, signatureRaw: null });
      expect((await member.client.get<User>("/api/v2/users/me")).body.signature).toEqual({ body: "" });
    });

    it("refuses a signature over 500 characters (422) and another member's signature (403)", async () => {
      const tooLong = await member.client.patch(`/api/v2/users/${member.user.userID}`, {
        signature: "x".repeat(501),
      });
      expect(tooLong.body).toMatchObject({
        status: 422,
        errors: [{ field: "signature", code: "maxLength" }],
      });
      const other = await member.client.patch(`/api/v2/users/${target.userID}`, { signature: "Hijacked" });
      expect(other.status).toBe(403);
      expect(await userRow(member.user.userID)).toMatchObject({ signature: null, signatureRaw: null });
      expect(await userRow(target.userID)).toMatchObject({ signature: null, signatureRaw: null });
    });

    it("answers 404 for an unknown user and 422 keyed by field for bad input", async () => {
      expect((await admin.client.patch("/api/v2/users/999999", { name: "X" })).body).toEqual({
        message: "User not found.",
        status: 404,
      });
      const bad = await admin.client.patch(`/api/v2/users/${target.userID}`, { email: "bad" });
      expect(bad.body).toMatchObject({ status: 422, errors: [{ field: "email" }] });
      const taken = await admin.client.patch(`/api/v2/users/${target.userID}`, { name: "writer" });
      expect(taken.body).toMatchObject({ status: 422, errors: [{ field: "name" }] });
      expect((await userRow(target.userID)).name).toBe("Target");
    });
  });

  describe("PUT /users/{id}/ban", () => {
    it("lets a moderator ban and unban a member; a banned member cannot sign in", async () => {
      const response = await moderator.client.put(`/api/v2/users/${target.userID}/ban`, { banned: true });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ banned: true });
      const signIn = await testApp
        .guest()
        .post("/api/v2/authenticate/password", { username: target.name, password: TEST_PASSWORD });
      expect(signIn.status).toBe(403);
      expect(
        (await moderator.client.put(`/api/v2/users/${target.userID}/ban`, { banned: false })).body,
      ).toEqual({ banned: false });
    });

    it("refuses members (403), moderators banning an admin (403), and answers 404 and 422", async () => {
      expect((await member.client.put(`/api/v2/users/${target.userID}/ban`, { banned: true })).status).toBe(
        403,
      );
      expect((await testApp.guest().put(`/api/v2/users/${target.userID}/ban`, { banned: true })).status).toBe(
        403,
      );
      expect(
        (await moderator.client.put(`/api/v2/users/${admin.user.userID}/ban`, { banned: true })).status,
      ).toBe(403);
      expect((await userRow(target.userID)).banned).toBe(0);
      expect((await userRow(admin.user.userID)).banned).toBe(0);
      expect((await moderator.client.put("/api/v2/users/999999/ban", { banned: true })).status).toBe(404);
      const bad = await moderator.client.put(`/api/v2/users/${target.userID}/ban`, { banned: "maybe" });
      expect(bad.body).toMatchObject({ status: 422, errors: [{ field: "banned" }] });
    });
  });

  describe("DELETE /users/{id}", () => {
    it("deletes a user, frees the name for reuse, and the profile answers 410", async () => {
      const doomed = await createTestUser(testApp.context, { name: "Doomed" });
      await testApp
        .guest()
        .post("/api/v2/authenticate/password", { username: "Doomed", password: TEST_PASSWORD });
      const response = await admin.client.delete(`/api/v2/users/${doomed.userID}`);
      expect(response.status).toBe(204);
      expect(await sessionsOf(doomed.userID)).toBe(0);
      expect((await admin.client.get(`/api/v2/users/${doomed.userID}`)).status).toBe(410);
      const again = await admin.client.post("/api/v2/users", {
        name: "Doomed",
        email: doomed.email,
        password: "pw",
      });
      expect(again.status).toBe(201);
    });

    it("refuses members and managers (403), self-deletion (400), and answers 404 and 422", async () => {
      const before = await countRows(testApp.context, "users");
      expect((await member.client.delete(`/api/v2/users/${target.userID}`)).status).toBe(403);
      expect((await manager.client.delete(`/api/v2/users/${target.userID}`)).status).toBe(403);
      expect((await admin.client.delete(`/api/v2/users/${admin.user.userID}`)).status).toBe(400);
      expect((await userRow(target.userID)).deleted).toBe(0);
      expect((await admin.client.delete("/api/v2/users/999999")).status).toBe(404);
      const bad = await admin.client.delete(`/api/v2/users/${target.userID}`, { deleteMethod: "shred" });
      expect(bad.body).toMatchObject({ status: 422, errors: [{ field: "deleteMethod" }] });
      expect((await userRow(target.userID)).deleted).toBe(0);
      expect(await countRows(testApp.context, "users")).toBe(before);
    });
  });
});
