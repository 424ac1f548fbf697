import type { GrantSnapshot, RoleGrants } from "./roleGrants";
import { Viewer } from "./viewer";

function grants(global: string[], resources: Record<string, string[]> = {}): RoleGrants {
  return {
    global: new Set(global),
    resources: new Map(Object.entries(resources).map(([key, names]) => [key, new Set(names)])),
  };
}

const snapshot: GrantSnapshot = {
  byRole: new Map([
    [1, grants(["discussions.view", "profiles.view"])],
    [
      2,
      grants(["session.valid", "discussions.view", "discussions.add", "comments.add"], {
        "category:7": ["discussions.view"],
      }),
    ],
    [
      3,
      grants([
        "session.valid",
        "discussions.view",
        "discussions.add",
        "discussions.announce",
        "discussions.close",
        "discussions.sink",
        "discussions.edit",
        "discussions.delete",
      ]),
    ],
  ]),
  junctions: new Map([["category", new Set([7])]]),
  junctionAliases: new Map([["category", new Map([[8, 7]])]]),
  rolesByType: new Map([["guest", [1]]]),
};

const member = (roleIDs = [2]) =>
  new Viewer(
    { userID: 5, name: "Ann", isAdmin: false, banned: false, emailConfirmed: true },
    roleIDs,
    snapshot,
  );

describe("Viewer", () => {
  it("uses the global grants for categories without custom permissions", () => {
    expect(member().has("discussions.add", { type: "category", id: 3 })).toBe(true);
  });

  it("uses the category's own grants when it is a junction, also through an alias", () => {
    expect(member().has("discussions.view", { type: "category", id: 7 })).toBe(true);
    expect(member().has("discussions.add", { type: "category", id: 7 })).toBe(false);
    expect(member().has("discussions.add", { type: "category", id: 8 })).toBe(false);
  });

  it("passes when any one of several permissions is held", () => {
    expect(member().has(["site.manage", "comments.add"])).toBe(true);
    expect(() => member().require(["site.manage", "users.edit"])).toThrow(
      expect.objectContaining({ status: 403, message: "Permission Problem" }) as Error,
    );
  });

  it("never gives session.valid to a guest", () => {
    const guest = new Viewer(
      { userID: 0, name: "Guest", isAdmin: false, banned: false, emailConfirmed: false },
      [2],
      snapshot,
    );
    expect(guest.has("session.valid")).toBe(false);
  });

  it("lets an administrator pass every check", () => {
    const admin = new Viewer(
      { userID: 1, name: "Admin", isAdmin: true, banned: false, emailConfirmed: true },
      [],
      snapshot,
    );
    expect(admin.has("site.manage", { type: "category", id: 7 })).toBe(true);
  });

  it("lists global grants first, then junction grants, with consolidated names", () => {
    const response = member([2, 3]).toPermissionsResponse(true);
    expect(response.permissions[0]).toMatchObject({ type: "global", id: null });
    expect(response.permissions[0]?.permissions["discussions.moderate"]).toBe(true);
    expect(response.permissions[0]?.permissions["discussions.manage"]).toBe(true);
    expect(response.permissions[1]).toEqual({
      type: "category",
      id: 7,
      permissions: { "discussions.view": true },
    });
    expect(response.junctions).toEqual({ category: [7] });
    expect(response.junctionAliases).toEqual({ category: { "8": 7 } });
  });
});
