import type { Role } from "@forum/api/roles";
import type { PermissionsResponse } from "@forum/api/users";
import { roleIDByName, signedInClient, type TestUser } from "@library/server/testing/factories";
import { countRows, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { createDashboardTestApp } from "../testing/dashboardTesting";

describe.each(testDialects)("roles on %s", (dialect) => {
  let testApp: TestApp;
  let member: { client: TestClient; user: TestUser };
  let moderator: { client: TestClient; user: TestUser };
  let admin: { client: TestClient; user: TestUser };

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
    member = await signedInClient(testApp, { name: "Role Member" });
    moderator = await signedInClient(testApp, { name: "Role Moderator", role: "Moderator" });
    admin = await signedInClient(testApp, { name: "Role Admin", role: "Administrator" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("lists the minimal view for guests and the full view with permissions for site.manage", async () => {
    const guest = await testApp.guest().get<Role[]>("/api/v2/roles?limit=500");
    expect(guest.status).toBe(200);
    expect(guest.body).toHaveLength(7);
    expect(Object.keys(guest.body[0] ?? {}).sort()).toEqual(["description", "name", "roleID"]);
    expect(guest.headers["x-app-page-current"]).toBeUndefined();
    const full = await admin.client.get<Role[]>("/api/v2/roles?expand=all&limit=2");
    expect(full.body).toHaveLength(2);
    expect(full.body[0]).toMatchObject({
      name: "Guest",
      type: "guest",
      deletable: false,
      canSession: false,
      assignable: true,
    });
    expect(full.body[0]?.permissions?.[0]).toEqual({
      type: "global",
      id: null,
      permissions: { "discussions.view": true, "profiles.view": true, "reactions.view": true },
    });
  });

  it("tells a member which roles they may assign, and never the administrator role", async () => {
    const response = await member.client.get<Role[]>("/api/v2/roles?expand=assignable");
    const byName = Object.fromEntries(response.body.map((role) => [role.name, role.assignable]));
    expect(byName).toMatchObject({ Guest: true, Member: true, Moderator: false, Administrator: false });
    expect(response.body[0]?.permissions).toBeUndefined();
  });

  it("hides personal-info roles from viewers without personalInfo.view", async () => {
    const secret = await admin.client.post<Role>("/api/v2/roles", {
      name: "Secret Club",
      personalInfo: true,
    });
    expect(secret.status).toBe(201);
    const names = async (client: TestClient) =>
      (await client.get<Role[]>("/api/v2/roles")).body.map((role) => role.name);
    expect(await names(member.client)).not.toContain("Secret Club");
    expect(await names(moderator.client)).toContain("Secret Club");
    expect((await member.client.get(`/api/v2/roles/${secret.body.roleID}`)).status).toBe(404);
  });

  it("reads one role, and answers 404 and 422", async () => {
    const memberRoleID = await roleIDByName(testApp.context, "Member");
    const role = await testApp.guest().get<Role>(`/api/v2/roles/${memberRoleID}`);
    expect(role.body).toEqual({
      roleID: memberRoleID,
      name: "Member",
      description: "Signed-in members of the community.",
    });
    expect((await testApp.guest().get("/api/v2/roles/9999")).body).toEqual({
      message: "Role not found.",
      status: 404,
    });
    expect((await testApp.guest().get("/api/v2/roles?limit=501")).body).toMatchObject({
      status: 422,
      errors: [{ field: "limit" }],
    });
  });

  it("creates, edits and deletes a role; grants take effect at once", async () => {
    const created = await admin.client.post<Role>("/api/v2/roles", {
      name: "Helpers",
      description: "People who help.",
      permissions: [
        {
          type: "global",
          id: null,
          permissions: { "session.valid": true, "curation.manage": true, "staff.allow": false },
        },
        { type: "category", id: 5, permissions: { "discussions.view": true } },
      ],
    });
    expect(created.body).toMatchObject({ roleID: expect.any(Number) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Helpers", deletable: true, canSession: true, type: null });
    expect(created.body.permissions).toEqual([
      { type: "global", id: null, permissions: { "curation.manage": true, "session.valid": true } },
      { type: "category", id: 5, permissions: { "discussions.view": true } },
    ]);
    const roleID = created.body.roleID;
    await admin.client.patch(`/api/v2/users/${member.user.userID}`, {
      roleID: [await roleIDByName(testApp.context, "Member"), roleID],
    });
    const perms = await member.client.get<PermissionsResponse>("/api/v2/users/$me/permissions");
    expect(perms.body.permissions[0]?.permissions["curation.manage"]).toBe(true);

    const patched = await admin.client.patch<Role>(`/api/v2/roles/${roleID}`, {
      description: "Changed.",
      permissions: [{ type: "global", id: null, permissions: { "session.valid": true } }],
    });
    expect(patched.body).toMatchObject({ description: "Changed.", name: "Helpers" });
    const after = await member.client.get<PermissionsResponse>("/api/v2/users/$me/permissions");
    expect(after.body.permissions[0]?.permissions["curation.manage"]).toBeUndefined();

    const before = await countRows(testApp.context, "roles");
    expect((await admin.client.delete(`/api/v2/roles/${roleID}`)).status).toBe(204);
    expect(await countRows(testApp.context, "roles")).toBe(before - 1);
    expect((await admin.client.get(`/api/v2/roles/${roleID}`)).status).toBe(404);
  });

  it("changes one category's grants without wiping the role's others (PATCH per scope, PUT replaces, PATCH permissions merges)", async () => {
    const memberRoleID = await roleIDByName(testApp.context, "Member");
    const grants = async () =>
      (await admin.client.get<Role>(`/api/v2/roles/${memberRoleID}?expand=permissions`)).body.permissions ??
      [];
    const original = await grants();
    const globalBefore = original.find((fragment) => fragment.type === "global");
    expect(Object.keys(globalBefore?.permissions ?? {}).length).toBeGreaterThan(3);

    // One category's grants through PATCH /roles/{id}: the global grants stay.
    const patched = await admin.client.patch<Role>(`/api/v2/roles/${memberRoleID}`, {
      permissions: [{ type: "category", id: 77, permissions: { "discussions.view": true } }],
    });
    expect(patched.status).toBe(200);
    const afterPatch = await grants();
    expect(afterPatch.find((fragment) => fragment.type === "global")).toEqual(globalBefore);
    expect(afterPatch.find((fragment) => fragment.id === 77)).toEqual({
      type: "category",
      id: 77,
      permissions: { "discussions.view": true },
    });

    // PATCH /roles/{id}/permissions changes only what it names.
    const merged = await admin.client.patch<{ type: string; permissions: Record<string, boolean> }[]>(
      `/api/v2/roles/${memberRoleID}/permissions`,
      [{ type: "global", id: null, permissions: { "curation.manage": true, "profiles.view": false } }],
    );
    expect(merged.status).toBe(200);
    const global = merged.body.find((fragment) => fragment.type === "global");
    expect(global?.permissions["curation.manage"]).toBe(true);
    expect(global?.permissions["profiles.view"]).toBeUndefined();
    expect(Object.keys(global?.permissions ?? {}).length).toBe(
      Object.keys(globalBefore?.permissions ?? {}).length,
    );

    // PUT replaces every grant: said explicitly by the method.
    expect((await moderator.client.put(`/api/v2/roles/${memberRoleID}/permissions`, original)).status).toBe(
      403,
    );
    const replaced = await admin.client.put(`/api/v2/roles/${memberRoleID}/permissions`, original);
    expect(replaced.status).toBe(200);
    expect(await grants()).toEqual(original);
    expect((await admin.client.put("/api/v2/roles/99999/permissions", original)).status).toBe(404);
  });

  it("refuses writes without site.manage (403) and changes nothing", async () => {
    const before = await countRows(testApp.context, "roles");
    const memberRoleID = await roleIDByName(testApp.context, "Member");
    expect((await moderator.client.post("/api/v2/roles", { name: "Mods 2" })).status).toBe(403);
    expect((await testApp.guest().post("/api/v2/roles", { name: "Mods 2" })).status).toBe(403);
    expect((await moderator.client.patch(`/api/v2/roles/${memberRoleID}`, { name: "Renamed" })).status).toBe(
      403,
    );
    expect((await moderator.client.delete(`/api/v2/roles/${memberRoleID}`)).status).toBe(403);
    expect(await countRows(testApp.context, "roles")).toBe(before);
    expect((await testApp.guest().get<Role>(`/api/v2/roles/${memberRoleID}`)).body.name).toBe("Member");
  });

  it("answers 409 for a default role, 404 for an unknown one, 422 keyed by field for bad input", async () => {
    const before = await countRows(testApp.context, "roles");
    const memberRoleID = await roleIDByName(testApp.context, "Member");
    expect((await admin.client.delete(`/api/v2/roles/${memberRoleID}`)).status).toBe(409);
    expect((await admin.client.patch("/api/v2/roles/9999", { name: "X" })).status).toBe(404);
    expect((await admin.client.delete("/api/v2/roles/9999")).status).toBe(404);
    const duplicate = await admin.client.post("/api/v2/roles", { name: "member" });
    expect(duplicate.body).toMatchObject({ status: 422, errors: [{ field: "name" }] });
    const badPermission = await admin.client.post("/api/v2/roles", {
      name: "Broken",
      permissions: [{ type: "category", id: 3, permissions: { "site.manage": true } }],
    });
    expect(badPermission.body).toMatchObject({
      status: 422,
      errors: [{ field: "permissions[0].permissions.site.manage" }],
    });
    const badType = await admin.client.post("/api/v2/roles", { name: "Broken", type: "wizard" });
    expect(badType.status).toBe(422);
    expect(await countRows(testApp.context, "roles")).toBe(before);
  });
});
