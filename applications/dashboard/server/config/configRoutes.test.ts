import { signedInClient, type TestUser } from "@library/server/testing/factories";
import { countRows, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { createDashboardTestApp } from "../testing/dashboardTesting";

describe.each(testDialects)("config on %s", (dialect) => {
  let testApp: TestApp;
  let member: { client: TestClient; user: TestUser };
  let manager: { client: TestClient; user: TestUser };
  let admin: { client: TestClient; user: TestUser };

  beforeAll(async () => {
    testApp = await createDashboardTestApp(dialect);
    member = await signedInClient(testApp, { name: "Config Member" });
    manager = await signedInClient(testApp, { name: "Config Manager", role: "Site Manager" });
    admin = await signedInClient(testApp, { name: "Config Admin", role: "Administrator" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("reads selected public keys by CSV and wildcard; unknown keys are absent", async () => {
    const response = await testApp
      .guest()
      .get("/api/v2/config?select=garden.cookie.name,garden.cookie.path,nothing.here");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ "garden.cookie.name": "forum_session", "garden.cookie.path": "/" });
    const branding = await testApp.guest().get<Record<string, unknown>>("/api/v2/config?select[]=branding.*");
    expect(Object.keys(branding.body).sort()).toEqual([
      "branding.addressBarColor",
      "branding.bannerImage",
      "branding.favicon",
      "branding.logo",
      "branding.mobileLogo",
      "branding.shareImage",
      "branding.touchIcon",
    ]);
  });

  it("hides keys above the reader's level: a member cannot read community.manage or site.manage keys", async () => {
    const select = "select=garden.privacy.ips,garden.externalUrlFormat,garden.title";
    expect((await member.client.get(`/api/v2/config?${select}`)).body).toEqual({
      "garden.title": "Community",
    });
    expect((await manager.client.get(`/api/v2/config?${select}`)).body).toEqual({
      "garden.title": "Community",
      "garden.privacy.ips": "",
      "garden.externalUrlFormat": "",
    });
  });

  it("writes keys in one PATCH (204) and reads them back", async () => {
    const response = await admin.client.patch("/api/v2/config", {
      "garden.title": "My Forum",
      "garden.privacy.ips": "partial",
    });
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    const read = await admin.client.get("/api/v2/config?select=garden.title,garden.privacy.ips");
    expect(read.body).toEqual({ "garden.title": "My Forum", "garden.privacy.ips": "partial" });
    expect((await testApp.guest().get("/api/v2/config?select=garden.title")).body).toEqual({
      "garden.title": "My Forum",
    });
  });

  it("has this process read the written values before the PATCH is answered, also where it reads without waiting", async () => {
    // A setting read while the cached values are fresh: the store would answer from memory for another second.
    await testApp.context.settings.refresh();
    expect(testApp.context.settings.peek("garden.description")).not.toBe("Fresh at once");
    expect(
      (await admin.client.patch("/api/v2/config", { "garden.description": "Fresh at once" })).status,
    ).toBe(204);
    expect(testApp.context.settings.peek("garden.description")).toBe("Fresh at once");
    expect((await admin.client.patch("/api/v2/config", { "garden.description": "" })).status).toBe(204);
    expect(testApp.context.settings.peek("garden.description")).toBe("");
  });

  it("answers 403 when any key is above the writer's level, and writes none of them", async () => {
    const before = await countRows(testApp.context, "configValues");
    const mixed = await manager.client.patch("/api/v2/config", {
      "garden.description": "ok",
      "garden.locale": "fr",
    });
    expect(mixed.status).toBe(403);
    expect(mixed.body).toMatchObject({ message: "Permission Problem", permissions: ["site.manage"] });
    expect((await member.client.patch("/api/v2/config", { "garden.description": "member" })).status).toBe(
      403,
    );
    expect((await testApp.guest().patch("/api/v2/config", { "garden.description": "guest" })).status).toBe(
      403,
    );
    expect(await countRows(testApp.context, "configValues")).toBe(before);
    expect((await testApp.guest().get("/api/v2/config?select=garden.description")).body).toEqual({
      "garden.description": "",
    });
  });

  it("answers 422 keyed by the setting for unknown keys, read-only keys and bad values, and writes nothing", async () => {
    const before = await countRows(testApp.context, "configValues");
    const unknown = await admin.client.patch("/api/v2/config", { "garden.title": "Fine", "no.such.key": 1 });
    expect(unknown.body).toMatchObject({ status: 422, errors: [{ field: "no.such.key" }] });
    const readOnly = await admin.client.patch("/api/v2/config", { "garden.cookie.name": "Other" });
    expect(readOnly.body).toMatchObject({ status: 422, errors: [{ field: "garden.cookie.name" }] });
    const badValues = await admin.client.patch("/api/v2/config", {
      "garden.title": "",
      "garden.privacy.ips": "everything",
      "forum.disabled": "yes",
    });
    expect(badValues.status).toBe(422);
    expect(badValues.body).toMatchObject({
      errors: [{ field: "garden.title" }, { field: "garden.privacy.ips" }, { field: "forum.disabled" }],
    });
    expect(await countRows(testApp.context, "configValues")).toBe(before);
    expect((await admin.client.get("/api/v2/config?select=garden.title")).body).toEqual({
      "garden.title": "My Forum",
    });
  });
});
