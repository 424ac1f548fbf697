import type { User } from "@forum/api/users";
import { serverApplications } from "@applications/serverApplications";
import { parseManifest } from "@library/server/addons/addonManifest";
import { defineAddon } from "@library/server/addons/defineAddon";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { Type } from "@sinclair/typebox";

let loads = 0;

/** Adds a `rank` to every user (what a ranks add-on does), loaded once per response. */
const rankAddon = defineAddon({
  key: "rankdemo",
  register(registrar) {
    registrar.presenter("user", {
      field: "rank",
      schema: Type.Object({ name: Type.String() }),
      load: async (ids) => {
        loads += 1;
        return new Map(ids.map((id) => [id, { name: id % 2 === 0 ? "Regular" : "Newcomer" }]));
      },
    });
  },
});

describe.each(testDialects)("fields add-ons add to users (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    testApp = await createTestApp(
      dialect,
      serverApplications,
      {},
      {
        addons: [
          {
            manifest: parseManifest({ key: "rankdemo", name: "Rank demo", defaultEnabled: true }),
            load: () => rankAddon,
          },
        ],
      },
    );
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    await sessionClient(testApp);
  });
  afterAll(() => testApp.close());

  it("adds the field to the user list with one load, and to one user", async () => {
    loads = 0;
    const list = await admin.get<(User & { rank?: { name: string } })[]>("/api/v2/users");
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(1);
    for (const user of list.body)
      expect(user.rank?.name).toBe(user.userID % 2 === 0 ? "Regular" : "Newcomer");
    expect(loads).toBe(1);
    const first = list.body[0];
    const one = await admin.get<User & { rank?: { name: string } }>(`/api/v2/users/${first?.userID ?? 0}`);
    expect(one.body.rank).toEqual(first?.rank);
  });

  it("leaves it out while the add-on is off", async () => {
    await testApp.context.addons.setEnabled("rankdemo", false, null);
    const list = await admin.get<Record<string, unknown>[]>("/api/v2/users");
    expect(list.body[0]).not.toHaveProperty("rank");
    await testApp.context.addons.setEnabled("rankdemo", true, null);
  });
});
