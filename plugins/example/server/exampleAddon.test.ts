import type { Addon } from "@forum/api/addons";
import { serverApplications } from "@applications/serverApplications";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import type { Greeting } from "../api/exampleApi";

describe.each(testDialects)("the example add-on (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let member: TestClient;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    member = (await sessionClient(testApp)).client;
  });
  afterAll(() => testApp.close());

  it("is off by default: its routes are 404 and it has no table until it is first enabled", async () => {
    const addon = await admin.get<Addon>("/api/v2/addons/example");
    expect(addon.body).toMatchObject({ state: "disabled", enabled: false, name: "Example" });
    expect((await member.get("/api/v2/example/greetings")).status).toBe(404);
    // Matched by message: the SQLite driver's errors are not instances of this file's Error (native module).
    await expect(
      testApp.context.db.selectFrom("exampleGreetings").selectAll().execute(),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/no such table|does not exist/),
    });
  });

  it("once enabled, members (granted example.greet by default) leave greetings; guests may not", async () => {
    expect((await admin.patch("/api/v2/addons/example", { enabled: true })).status).toBe(200);
    expect(await testApp.context.db.selectFrom("exampleGreetings").selectAll().execute()).toEqual([]);
    const created = await member.post<Greeting>("/api/v2/example/greetings", { message: "Hello, everyone" });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe("Hello, everyone");
    expect((await testApp.guest().post("/api/v2/example/greetings", { message: "Hi" })).status).toBe(403);
    expect((await member.post("/api/v2/example/greetings", { message: "" })).status).toBe(422);
    const list = await testApp.guest().get<Greeting[]>("/api/v2/example/greetings");
    expect(list.body.map((greeting) => greeting.message)).toEqual(["Hello, everyone"]);
  });

  it("keeps its data when disabled and shows it again when re-enabled", async () => {
    await admin.patch("/api/v2/addons/example", { enabled: false });
    expect((await member.get("/api/v2/example/greetings")).status).toBe(404);
    await admin.patch("/api/v2/addons/example", { enabled: true });
    const list = await member.get<Greeting[]>("/api/v2/example/greetings");
    expect(list.body).toHaveLength(1);
    await admin.patch("/api/v2/addons/example", { enabled: false });
  });
});
