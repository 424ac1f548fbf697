import type { PermissionDescription, RolePermissionsPreview } from "@forum/api/permissionCatalog";
import type { Role } from "@forum/api/roles";
import type { PermissionFragment } from "@forum/api/users";
import {
  createTestUser,
  roleIDByName,
  signedInClient,
  type TestUser,
} from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { createDashboardTestApp } from "../testing/dashboardTesting";
import { LAST_ADMINISTRATOR_MESSAGE } from "./administratorGuard";

describe.each(testDialects)("role editor API on %s", (dialect) => {
  let testApp: TestApp;
  let member: { client: TestClient; user: TestUser };
  let admin: { client: TestClient; user: TestUser };

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
    member = await signedInClient(testApp, { name: "Editor Member" });
    admin = await signedInClient(testApp, { name: "Editor Admin", role: "Administrator" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const globalGrants = async (client: TestClient, roleID: number) => {
    const grants = await client.get<PermissionFragment[]>(`/api/v2/roles/${roleID}/permissions`);
    return grants.body.find((fragment) => fragment.type === "global")?.permissions ?? {};
  };

  it("lists every declared permission with its words, scope and group, add-ons' included", async () => {
    expect((await member.client.get("/api/v2/dashboard/permissions")).status).toBe(403);
    const catalog = await admin.client.get<PermissionDescription[]>("/api/v2/dashboard/permissions");
    expect(catalog.status).toBe(200);
    const byName = new Map(catalog.body.map((permission) => [permission.name, permission]));
    expect(byName.get("site.manage")).toEqual({
      name: "site.manage",
      label: "Manage the site (settings, roles, add-ons)",
      group: "Site",
      scope: "global",
    });
    expect(byName.get("comments.add")).toMatchObject({ scope: "category", group: "Categories" });
    expect(byName.get("example.greet")).toEqual({
      name: "example.greet",
      label: "Leave greetings",
      group: "Example",
      scope: "global",
    });
  });

  it("previews who gains and loses what, without writing, and skips members who hold it through another role", async () => {
    const memberRoleID = await roleIDByName(testApp.context, "Member");
    const moderatorRoleID = await roleIDByName(testApp.context, "Moderator");
    const both = await createTestUser(testApp.context, { name: "Both Roles", role: "Moderator" });
    await testApp.context.db
      .insertInto("userRoles")
      .values({ userID: both.userID, roleID: memberRoleID })
      .execute();
    testApp.context.grants.invalidate();
    const grantsBefore = await globalGrants(admin.client, memberRoleID);
    expect(grantsBefore["flag.add"]).toBe(true);
    expect((await globalGrants(admin.client, moderatorRoleID))["flag.add"]).toBe(true);

    const preview = await admin.client.post<RolePermissionsPreview>(
      `/api/v2/roles/${memberRoleID}/permissions/preview`,
      {
        mode: "merge",
        permissions: [{ type: "global", id: null, permissions: { "flag.add": false, "users.delete": true } }],
      },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.locksOutAdministrators).toBe(false);
    const members = preview.body.members;
    expect(members).toBeGreaterThanOrEqual(2);
    const lose = preview.body.changes.find((change) => change.permission === "flag.add");
    // "Both Roles" keeps flag.add through Moderator: one fewer member loses it than hold the role.
    expect(lose).toMatchObject({ type: "global", id: null, change: "lose", count: members - 1 });
    expect(lose?.names).toContain("Editor Member");
    expect(lose?.names).not.toContain("Both Roles");
    expect(preview.body.changes.find((change) => change.permission === "users.delete")).toMatchObject({
      change: "gain",
      count: members,
    });
    expect(await globalGrants(admin.client, memberRoleID)).toEqual(grantsBefore);

    expect(
      (
        await member.client.post(`/api/v2/roles/${memberRoleID}/permissions/preview`, {
          mode: "merge",
          permissions: [],
        })
      ).status,
    ).toBe(403);
    const unknown = await admin.client.post(`/api/v2/roles/${memberRoleID}/permissions/preview`, {
      mode: "merge",
      permissions: [{ type: "global", id: null, permissions: { "no.such": true } }],
    });
    expect(unknown.status).toBe(422);
    expect(
      (await admin.client.post("/api/v2/roles/99999/permissions/preview", { mode: "merge", permissions: [] }))
        .status,
    ).toBe(404);
  });

  it("never lets the last administrator be locked out, whichever write would do it; nothing is half-written", async () => {
    const administratorRoleID = await roleIDByName(testApp.context, "Administrator");
    const owners = await admin.client.post<Role>("/api/v2/roles", {
      name: "Owners",
      permissions: [
        { type: "global", id: null, permissions: { "site.manage": true, "session.valid": true } },
      ],
    });
    expect(owners.status).toBe(201);
    const ownersID = owners.body.roleID;
    const owner = await signedInClient(testApp, { name: "Site Owner" });
    expect(
      (await admin.client.patch(`/api/v2/users/${owner.user.userID}`, { roleID: [ownersID] })).status,
    ).toBe(200);

    // While an owner remains, the administrator role may become an ordinary role.
    const demoted = await admin.client.patch<Role>(`/api/v2/roles/${administratorRoleID}`, {
      type: null,
      permissions: [{ type: "global", id: null, permissions: { "session.valid": true } }],
    });
    expect(demoted.status).toBe(200);
    expect((await admin.client.get("/api/v2/dashboard/permissions")).status).toBe(403);

    // The owner is now the only one who can manage the site: each way of taking it away is refused.
    const preview = await owner.client.post<RolePermissionsPreview>(
      `/api/v2/roles/${ownersID}/permissions/preview`,
      {
        mode: "replace",
        permissions: [{ type: "global", id: null, permissions: { "session.valid": true } }],
      },
    );
    expect(preview.body.locksOutAdministrators).toBe(true);
    expect(preview.body.changes).toContainEqual({
      type: "global",
      id: null,
      permission: "site.manage",
      change: "lose",
      count: 1,
      names: ["Site Owner"],
    });

    const attempts = [
      owner.client.put(`/api/v2/roles/${ownersID}/permissions`, [
        { type: "global", id: null, permissions: { "session.valid": true } },
      ]),
      owner.client.patch(`/api/v2/roles/${ownersID}/permissions`, [
        { type: "global", id: null, permissions: { "site.manage": false } },
      ]),
      owner.client.patch(`/api/v2/roles/${ownersID}`, {
        name: "Former Owners",
        permissions: [{ type: "global", id: null, permissions: {} }],
      }),
      owner.client.delete(`/api/v2/roles/${ownersID}`),
    ];
    for (const attempt of attempts) {
      const response = await attempt;
      expect(response.status).toBe(409);
      expect((response.body as { message: string }).message).toBe(LAST_ADMINISTRATOR_MESSAGE);
    }
    const kept = await owner.client.get<Role>(`/api/v2/roles/${ownersID}?expand=permissions`);
    expect(kept.body.name).toBe("Owners");
    expect(await globalGrants(owner.client, ownersID)).toEqual({
      "site.manage": true,
      "session.valid": true,
    });

    // Once the administrator role is back, the owners' role may go.
    expect(
      (await owner.client.patch(`/api/v2/roles/${administratorRoleID}`, { type: "administrator" })).status,
    ).toBe(200);
    expect((await owner.client.delete(`/api/v2/roles/${ownersID}`)).status).toBe(204);
  });
});
