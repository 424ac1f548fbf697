import type { PermissionsResponse } from "@forum/api/users";
import { loading, pending, success, toError } from "@library/src/loadable/loadable";
import { checkPermission, type PermissionContext } from "./permissionChecker";

function data(overrides: Partial<PermissionsResponse> = {}): PermissionsResponse {
  return {
    isAdmin: false,
    isSysAdmin: false,
    isSuperAdmin: false,
    permissions: [
      {
        type: "global",
        id: null,
        permissions: { "discussions.view": true, "comments.add": true, "flag.add": false },
      },
      { type: "category", id: 5, permissions: { "discussions.view": true, "discussions.manage": true } },
      { type: "category", id: 7, permissions: { "discussions.view": false } },
    ],
    junctions: { category: [5, 7] },
    junctionAliases: { category: { "12": 5 } },
    ...overrides,
  };
}

const ctx = (value: PermissionsResponse = data(), isSignedIn = true): PermissionContext => ({
  permissions: success(value),
  isSignedIn,
});

describe("checkPermission", () => {
  it("is false for everything until permissions are SUCCESS", () => {
    const error = { message: "x", status: 500, errors: {} };
    for (const permissions of [
      pending<PermissionsResponse>(),
      loading<PermissionsResponse>(),
      toError<PermissionsResponse>(error),
    ]) {
      expect(checkPermission({ permissions, isSignedIn: true }, "discussions.view")).toBe(false);
      expect(checkPermission({ permissions, isSignedIn: true }, "session.valid")).toBe(false);
    }
  });

  it("passes every check for admins and for system.only", () => {
    expect(
      checkPermission(ctx(data({ isAdmin: true, permissions: [] })), "site.manage", {
        mode: "resource",
        resourceID: 99,
      }),
    ).toBe(true);
    const system = data({
      permissions: [{ type: "global", id: null, permissions: { "system.only": true } }],
    });
    expect(checkPermission(ctx(system), ["anything.at.all"])).toBe(true);
  });

  it("passes when ANY requested permission is held", () => {
    expect(checkPermission(ctx(), ["site.manage", "comments.add"])).toBe(true);
    expect(checkPermission(ctx(), ["site.manage", "flag.add"])).toBe(false);
    expect(checkPermission(ctx(), [])).toBe(false);
  });

  it("global mode ignores resource grants", () => {
    expect(checkPermission(ctx(), "discussions.manage", { mode: "global" })).toBe(false);
    expect(checkPermission(ctx(), "comments.add", { mode: "global", resourceID: 7 })).toBe(true);
  });

  it("resource mode reads only the resource grant (alias-mapped)", () => {
    expect(checkPermission(ctx(), "discussions.manage", { mode: "resource", resourceID: 5 })).toBe(true);
    expect(checkPermission(ctx(), "discussions.manage", { mode: "resource", resourceID: 12 })).toBe(true);
    expect(checkPermission(ctx(), "comments.add", { mode: "resource", resourceID: 5 })).toBe(false);
    expect(checkPermission(ctx(), "discussions.manage", { mode: "resource" })).toBe(false);
  });

  it("globalOrResource is the default without a resource id: global or any resource", () => {
    expect(checkPermission(ctx(), "comments.add")).toBe(true);
    expect(checkPermission(ctx(), "discussions.manage")).toBe(true);
    expect(checkPermission(ctx(), "site.manage")).toBe(false);
    expect(checkPermission(ctx(), "discussions.manage", { mode: "globalOrResource", resourceID: 7 })).toBe(
      false,
    );
    expect(checkPermission(ctx(), "comments.add", { mode: "globalOrResource", resourceID: 7 })).toBe(true);
  });

  it("resourceIfJunction is the default with an id: resource grant for junctions, else global", () => {
    // Category 7 is a junction that denies discussions.view although the global grant allows it.
    expect(checkPermission(ctx(), "discussions.view", { resourceID: 7 })).toBe(false);
    expect(checkPermission(ctx(), "discussions.manage", { resourceID: 5 })).toBe(true);
    // 12 is an alias of 5.
    expect(checkPermission(ctx(), "discussions.manage", { resourceID: 12 })).toBe(true);
    // Category 3 has no custom permissions: the global grant decides.
    expect(checkPermission(ctx(), "discussions.view", { resourceID: 3 })).toBe(true);
    expect(checkPermission(ctx(), "discussions.manage", { resourceID: 3 })).toBe(false);
  });

  it("uses the resource type given", () => {
    const groups = data({
      permissions: [{ type: "group", id: 4, permissions: { "comments.add": true } }],
      junctions: { group: [4] },
      junctionAliases: {},
    });
    expect(checkPermission(ctx(groups), "comments.add", { resourceType: "group", resourceID: 4 })).toBe(true);
    expect(checkPermission(ctx(groups), "comments.add", { resourceID: 4 })).toBe(false);
  });

  it("per-record overrides replace the global check", () => {
    expect(
      checkPermission(ctx(), "comments.add", { mode: "global", overrides: { "comments.add": false } }),
    ).toBe(false);
    expect(
      checkPermission(ctx(), "site.manage", { mode: "global", overrides: { "site.manage": true } }),
    ).toBe(true);
    expect(checkPermission(ctx(), "discussions.view", { resourceID: 3, overrides: {} })).toBe(false);
  });

  it("grants session.valid to signed-in sessions only", () => {
    expect(checkPermission(ctx(data(), true), "session.valid")).toBe(true);
    expect(checkPermission(ctx(data(), false), "session.valid")).toBe(false);
  });
});
