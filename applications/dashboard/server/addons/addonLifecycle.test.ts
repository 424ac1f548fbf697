import type { Addon } from "@forum/api/addons";
import type { PermissionDescription } from "@forum/api/permissionCatalog";
import { serverApplications } from "@applications/serverApplications";
import { sql } from "kysely";
import {
  DEFAULT_PLUGINS_DIR,
  discoverAddons,
  parseManifest,
  type AddonPackage,
} from "@library/server/addons/addonManifest";
import { defineAddon, type AddonDefinition } from "@library/server/addons/defineAddon";
import type { Db } from "@library/server/db/database";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";

function testPackage(manifest: Record<string, unknown>, load: () => AddonDefinition): AddonPackage {
  return { manifest: parseManifest({ name: String(manifest.key), ...manifest }), load };
}

/** Route plugins that throw: at once, later (async), and inside a scope they register (as conversations does). */
const routeFailures: AddonPackage[] = [
  testPackage({ key: "sync-routes", defaultEnabled: true }, () =>
    defineAddon({
      key: "sync-routes",
      register(registrar) {
        registrar.apiRoutes((api) => {
          api.get("/sync-routes", async () => ({ ok: true }));
          throw new Error("sync routes exploded");
        });
      },
    }),
  ),
  testPackage({ key: "async-routes", defaultEnabled: true }, () =>
    defineAddon({
      key: "async-routes",
      register(registrar) {
        registrar.apiRoutes(async (api) => {
          await api.register(async (scope) => {
            scope.get("/async-routes", async () => ({ ok: true }));
            await Promise.resolve();
            throw new Error("async routes exploded");
          });
        });
      },
    }),
  ),
  testPackage({ key: "page-routes", defaultEnabled: true }, () =>
    defineAddon({
      key: "page-routes",
      settings: { "pageRoutes.greeting": { type: "string", label: "Greeting", default: "hi" } },
      permissions: { "pageRoutes.visit": { label: "Visit", default: "member" } },
      register(registrar) {
        registrar.pageRoutes(async (app) => {
          app.get("/page-routes", async () => "page");
          await Promise.reject(new Error("page routes exploded"));
        });
      },
    }),
  ),
];

/** A migration that creates a table and then fails, until the test "fixes" it. */
const migration = { broken: true };
const migratingAddon = defineAddon({
  key: "migrating",
  migrations: {
    "2026-12-11T0000_notes": {
      up: async (db) => {
        await db.schema
          .createTable("migrating_notes")
          .addColumn("id", "integer", (column) => column.primaryKey())
          .execute();
        if (migration.broken) await sql`this is not sql`.execute(db);
      },
    },
  },
  register(registrar) {
    registrar.apiRoutes((api, context) => {
      api.get("/migrating", async () => {
        const rows = await sql<{ n: number }>`select count(*) as n from migrating_notes`.execute(context.db);
        return { notes: Number(rows.rows[0]?.n) };
      });
    });
  },
});
const laterAddon = defineAddon({
  key: "later",
  migrations: {
    "2026-12-11T0000_later": {
      up: async (db) => {
        await db.schema.createTable("later_notes").addColumn("id", "integer").execute();
      },
    },
  },
});

/** Load order: each records itself when it registers. */
const loaded: string[] = [];
const recording = (key: string) => () =>
  defineAddon({
    key,
    register() {
      loaded.push(key);
    },
  });

const packages: AddonPackage[] = [
  // The real add-ons (search, conversations) around the failing ones: none of them may be blamed.
  ...discoverAddons(DEFAULT_PLUGINS_DIR),
  ...routeFailures,
  testPackage({ key: "migrating", defaultEnabled: true }, () => migratingAddon),
  testPackage({ key: "later" }, () => laterAddon),
  // Folder order puts the child first; it requires the parent, which must load before it.
  testPackage({ key: "child", defaultEnabled: true, requires: ["parent"] }, recording("child")),
  testPackage({ key: "parent", defaultEnabled: true }, recording("parent")),
  testPackage({ key: "cycle-a", defaultEnabled: true, requires: ["cycle-b"] }, recording("cycle-a")),
  testPackage({ key: "cycle-b", defaultEnabled: true, requires: ["cycle-a"] }, recording("cycle-b")),
  testPackage({ key: "orphan", defaultEnabled: true, requires: ["nowhere"] }, recording("orphan")),
];

async function listAddons(client: TestClient): Promise<Map<string, Addon>> {
  const response = await client.get<Addon[]>("/api/v2/addons");
  expect(response.status).toBe(200);
  return new Map(response.body.map((addon) => [addon.key, addon]));
}

async function tableExists(db: Db, table: string): Promise<boolean> {
  try {
    await sql`select count(*) from ${sql.table(table)}`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** The add-on lifecycle: failures stay with their add-on, migrations retry, requirements order the load. */
describe.each(testDialects)("add-on lifecycle (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    migration.broken = true;
    loaded.length = 0;
    testApp = await createTestApp(dialect, serverApplications, {}, { addons: packages });
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
  });
  afterAll(() => testApp.close());

  async function expectSiteServes(): Promise<void> {
    expect((await testApp.guest().get("/api/v2/discussions")).status).toBe(200);
    expect((await testApp.guest().get("/")).status).toBe(200);
  }

  it("fails only the add-on whose route plugin throws (sync, async, in a scope) and starts the site", async () => {
    const addons = await listAddons(admin);
    expect(addons.get("sync-routes")).toMatchObject({ state: "failed", error: "sync routes exploded" });
    expect(addons.get("async-routes")).toMatchObject({ state: "failed", error: "async routes exploded" });
    expect(addons.get("page-routes")).toMatchObject({ state: "failed", error: "page routes exploded" });
    // The add-ons around them are not blamed.
    expect(addons.get("search")?.state).toBe("enabled");
    expect(addons.get("conversations")?.state).toBe("enabled");
    expect(addons.get("parent")?.state).toBe("enabled");
    // What the failed plugins registered before throwing is not served (and does not crash the server).
    expect((await admin.get("/api/v2/sync-routes")).status).toBe(404);
    expect((await admin.get("/api/v2/async-routes")).status).toBe(404);
    expect((await testApp.guest().get("/page-routes")).status).toBe(404);
    expect((await admin.get("/api/v2/search?query=x")).status).toBe(200);
    await expectSiteServes();
  });

  it("does not offer a failed add-on's settings and permissions", async () => {
    const addon = (await listAddons(admin)).get("page-routes");
    expect(addon?.settings).toEqual([]);
    expect(addon?.permissions).toEqual([]);
    const matrix = await admin.get<PermissionDescription[]>("/api/v2/dashboard/permissions");
    expect(matrix.status).toBe(200);
    const names = matrix.body.map((permission) => permission.name);
    expect(names).toContain("conversations.add");
    expect(names).not.toContain("pageRoutes.visit");
    const config = await admin.get<Record<string, unknown>>("/api/v2/config");
    expect(config.body).not.toHaveProperty("pageRoutes.greeting");
    const patch = await admin.patch<{ status: number; errors: { field: string; message: string }[] }>(
      "/api/v2/config",
      { "pageRoutes.greeting": "hello" },
    );
    expect(patch.status).toBe(422);
    expect(patch.body.errors).toEqual([
      expect.objectContaining({
        field: "pageRoutes.greeting",
        code: "addonFailed",
        message: "page-routes failed to load; its settings cannot be changed.",
      }),
    ]);
  });

  it("keeps a failed migration's cause, leaves no half-made table, and retries it when enabled again", async () => {
    const failed = (await listAddons(admin)).get("migrating");
    expect(failed).toMatchObject({ state: "failed", enabled: true, canRetry: true });
    expect(failed?.error).toContain("Migration migrating/2026-12-11T0000_notes failed: ");
    expect(failed?.error).toMatch(/syntax error/);
    expect(await tableExists(testApp.context.db, "migrating_notes")).toBe(false);
    expect((await admin.get("/api/v2/migrating")).status).toBe(404);
    await expectSiteServes();

    // Retrying while still broken fails again with the cause, and still leaves nothing behind.
    const again = await admin.patch<Addon[]>("/api/v2/addons/migrating", { enabled: true });
    expect(again.status).toBe(200);
    expect(again.body).toEqual([
      expect.objectContaining({ key: "migrating", state: "failed", canRetry: true }),
    ]);
    expect(await tableExists(testApp.context.db, "migrating_notes")).toBe(false);

    migration.broken = false;
    const retried = await admin.patch<Addon[]>("/api/v2/addons/migrating", { enabled: true });
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual([expect.objectContaining({ key: "migrating", state: "enabled" })]);
    expect(retried.body[0]).not.toHaveProperty("error");
    expect((await admin.get("/api/v2/migrating")).body).toEqual({ notes: 0 });
  });

  it("migrates an add-on when it is enabled, not while it is disabled", async () => {
    expect((await listAddons(admin)).get("later")?.state).toBe("disabled");
    expect(await tableExists(testApp.context.db, "later_notes")).toBe(false);
    const on = await admin.patch<Addon[]>("/api/v2/addons/later", { enabled: true });
    expect(on.body).toEqual([expect.objectContaining({ key: "later", state: "enabled" })]);
    expect(await tableExists(testApp.context.db, "later_notes")).toBe(true);
  });

  it("loads an add-on after the ones it requires; a cycle or a missing requirement fails those add-ons", async () => {
    expect(loaded.indexOf("parent")).toBeGreaterThanOrEqual(0);
    expect(loaded.indexOf("parent")).toBeLessThan(loaded.indexOf("child"));
    const addons = await listAddons(admin);
    expect(addons.get("child")?.state).toBe("enabled");
    const cycle = "Its requirements form a cycle: cycle-a → cycle-b → cycle-a.";
    expect(addons.get("cycle-a")).toMatchObject({ state: "failed", error: cycle });
    expect(addons.get("cycle-b")).toMatchObject({ state: "failed", error: cycle });
    expect(addons.get("orphan")).toMatchObject({
      state: "failed",
      error: 'It requires "nowhere", which is not installed.',
    });
    expect(loaded).not.toContain("cycle-a");
    expect(loaded).not.toContain("orphan");
    await expectSiteServes();
  });
});
