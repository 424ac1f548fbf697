import type { Addon } from "@forum/api/addons";
import { serverApplications } from "@applications/serverApplications";
import { sql } from "kysely";
import { sessionClient } from "@library/server/testing/factories";
import {
  createTestApp,
  createTestAppsSharingDatabase,
  testDialects,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";
import {
  DEFAULT_PLUGINS_DIR,
  discoverAddons,
  parseManifest,
  type AddonPackage,
} from "@library/server/addons/addonManifest";
import { defineAddon, type AddonDefinition } from "@library/server/addons/defineAddon";

function testPackage(manifest: Record<string, unknown>, load: () => AddonDefinition): AddonPackage {
  return { manifest: parseManifest({ name: String(manifest.key), ...manifest }), load };
}

/** An add-on with one route, a counter and a permission: what a disabled add-on must stop serving. */
const pingAddon = defineAddon({
  key: "ping",
  permissions: { "ping.send": { label: "Send pings", default: "member" } },
  settings: { "ping.reply": { type: "string", label: "Reply", default: "pong" } },
  register(registrar) {
    registrar.apiRoutes((api, context) => {
      api.get("/ping", async () => ({ reply: context.settings.peek<string>("ping.reply") }));
    });
    registrar.pageRoutes((app) => {
      app.get("/ping", async (_request, reply) => reply.type("text/html").send("<p>pong page</p>"));
    });
    registrar.meCount({ name: "Pings", sort: 50, count: async () => 7 });
  },
});

const throwingAddon = defineAddon({
  key: "throws",
  register(registrar) {
    registrar.apiRoutes((api) => {
      api.get("/throws", async () => ({ ok: true }));
    });
    throw new Error("registration exploded");
  },
});

const badMigrationAddon = defineAddon({
  key: "badmigration",
  migrations: {
    "2026-12-10T0000_bad": {
      up: async (db) => {
        await sql`this is not sql`.execute(db);
      },
    },
  },
});

const extraPackages: AddonPackage[] = [
  testPackage({ key: "ping", defaultEnabled: true }, () => pingAddon),
  testPackage({ key: "pingplus", requires: ["ping"] }, () => defineAddon({ key: "pingplus" })),
  testPackage({ key: "throws", defaultEnabled: true }, () => throwingAddon),
  testPackage({ key: "badmigration", defaultEnabled: true }, () => badMigrationAddon),
  testPackage({ key: "unloadable", defaultEnabled: true }, () => {
    throw new Error("Cannot find module './missing'");
  }),
];

const packages = () => [...discoverAddons(DEFAULT_PLUGINS_DIR), ...extraPackages];

async function listAddons(client: TestClient): Promise<Map<string, Addon>> {
  const response = await client.get<Addon[]>("/api/v2/addons");
  expect(response.status).toBe(200);
  return new Map(response.body.map((addon) => [addon.key, addon]));
}

/** The add-on mechanism of library/server/addons, over the whole server (accounts, pages, permissions). */
describe.each(testDialects)("add-ons (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let member: TestClient;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications, {}, { addons: packages() });
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    member = (await sessionClient(testApp)).client;
  });
  afterAll(() => testApp.close());

  it("lists every application and add-on with its state, for site.manage only", async () => {
    expect((await member.get("/api/v2/addons")).status).toBe(403);
    expect((await testApp.guest().get("/api/v2/addons")).status).toBe(403);
    const addons = await listAddons(admin);
    expect(addons.get("forum")).toMatchObject({ state: "enabled", enabled: true, canDisable: false });
    expect(addons.get("conversations")).toMatchObject({
      addonID: "conversations",
      name: "Conversations",
      type: "addon",
      version: "1.0.0",
      state: "enabled",
      enabled: true,
      canDisable: true,
    });
    expect(addons.get("conversations")?.permissions?.map((permission) => permission.name)).toEqual([
      "conversations.add",
      "conversations.moderate",
    ]);
    expect(addons.get("example")).toMatchObject({ state: "disabled", enabled: false });
    expect(addons.get("ping")?.settings).toEqual([
      { key: "ping.reply", type: "string", label: "Reply", default: "pong" },
    ]);
    expect((await admin.get<Addon>("/api/v2/addons/ping")).body.state).toBe("enabled");
    expect((await admin.get("/api/v2/addons/nothing")).status).toBe(404);
  });

  it("marks an add-on failed when its registration, migration or module throws, and serves the rest", async () => {
    const addons = await listAddons(admin);
    expect(addons.get("throws")).toMatchObject({ state: "failed", error: "registration exploded" });
    expect(addons.get("badmigration")?.state).toBe("failed");
    expect(addons.get("badmigration")?.error).toMatch(/badmigration/);
    expect(addons.get("unloadable")).toMatchObject({
      state: "failed",
      error: "Cannot find module './missing'",
    });
    // Nothing of the failed registration leaked, and the forum serves.
    expect((await admin.get("/api/v2/throws")).status).toBe(404);
    expect((await testApp.guest().get("/api/v2/discussions")).status).toBe(200);
    expect((await testApp.guest().get("/")).status).toBe(200);
    const enable = await admin.patch("/api/v2/addons/throws", { enabled: true });
    expect(enable.status).toBe(409);
  });

  it("grants a declared permission to its default level and serves its routes, counters and settings", async () => {
    const permissions = await member.get<{ permissions: { permissions: Record<string, boolean> }[] }>(
      "/api/v2/users/$me/permissions",
    );
    expect(permissions.body.permissions[0]?.permissions["ping.send"]).toBe(true);
    expect((await member.get("/api/v2/ping")).body).toEqual({ reply: "pong" });
    expect((await testApp.guest().get("/ping")).text).toContain("pong page");
    const counts = await member.get<{ counts: { name: string; count: number }[] }>("/api/v2/users/me-counts");
    expect(counts.body.counts).toContainEqual({ name: "Pings", count: 7 });
  });

  it("disables and re-enables an add-on at run time: routes 404, its counter gone, data kept", async () => {
    const off = await admin.patch<Addon[]>("/api/v2/addons/ping", { enabled: false, type: "addon" });
    expect(off.status).toBe(200);
    expect(off.body.map((addon) => [addon.key, addon.state])).toEqual([["ping", "disabled"]]);
    const api = await member.get<{ status: number; message: string }>("/api/v2/ping");
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ status: 404, message: "Not Found" });
    expect((await testApp.guest().get("/ping")).status).toBe(404);
    const counts = await member.get<{ counts: { name: string; count: number }[] }>("/api/v2/users/me-counts");
    expect(counts.body.counts.map((count) => count.name)).not.toContain("Pings");
    // Nothing changed twice.
    expect((await admin.patch<Addon[]>("/api/v2/addons/ping", { enabled: false })).body).toEqual([]);

    const on = await admin.patch<Addon[]>("/api/v2/addons/ping", { enabled: true });
    expect(on.body.map((addon) => addon.key)).toEqual(["ping"]);
    expect((await member.get("/api/v2/ping")).status).toBe(200);
  });

  it("enables requirements first and refuses to disable a requirement in use", async () => {
    await admin.patch("/api/v2/addons/ping", { enabled: false });
    const on = await admin.patch<Addon[]>("/api/v2/addons/pingplus", { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body.map((addon) => [addon.key, addon.enabled])).toEqual([
      ["ping", true],
      ["pingplus", true],
    ]);
    const refused = await admin.patch<{ message: string }>("/api/v2/addons/ping", { enabled: false });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("ping is required by pingplus; disable it first.");
    await admin.patch("/api/v2/addons/pingplus", { enabled: false });
    expect((await admin.patch("/api/v2/addons/ping", { enabled: false })).status).toBe(200);
  });

  it("refuses members, unknown add-ons, bad bodies and disabling the core", async () => {
    expect((await member.patch("/api/v2/addons/ping", { enabled: true })).status).toBe(403);
    expect((await admin.patch("/api/v2/addons/nothing", { enabled: true })).status).toBe(404);
    expect((await admin.patch("/api/v2/addons/ping", { enabled: "maybe" })).status).toBe(422);
    expect((await admin.patch("/api/v2/addons/ping", {})).status).toBe(422);
    const core = await admin.patch<{ message: string }>("/api/v2/addons/forum", { enabled: false });
    expect(core.status).toBe(409);
    expect(core.body.message).toBe("Forum is part of the core and cannot be disabled.");
  });
});

describe.each(testDialects)("add-on state across processes (%s)", (dialect) => {
  it("a change made through one process applies in the other without a restart", async () => {
    const { apps, close } = await createTestAppsSharingDatabase(
      dialect,
      serverApplications,
      2,
      {},
      {
        addons: packages(),
      },
    );
    try {
      const [first, second] = apps as [TestApp, TestApp];
      const admin = (await sessionClient(first, { role: "Administrator" })).client;
      const memberOfSecond = (await sessionClient(second)).client;
      expect((await memberOfSecond.get("/api/v2/ping")).status).toBe(200);
      expect((await admin.patch("/api/v2/addons/ping", { enabled: false })).status).toBe(200);
      // The second process re-reads the state on its timer; refresh() is what the timer runs.
      await second.context.addons.refresh();
      expect((await memberOfSecond.get("/api/v2/ping")).status).toBe(404);
    } finally {
      await close();
    }
  });
});
