import { serverApplications } from "@applications/serverApplications";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";

describe.each(testDialects)("the search add-on's entry points (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let member: TestClient;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    member = (await sessionClient(testApp)).client;
  });
  afterAll(() => testApp.close());

  const setEnabled = async (enabled: boolean) =>
    expect((await admin.patch("/api/v2/addons/search", { enabled })).status).toBe(200);
  const pages = async () => ({
    guestHome: (await testApp.guest().get("/")).text,
    memberHome: (await member.get("/")).text,
    memberList: (await member.get("/discussions")).text,
  });

  it("gives the title bar a search entry and the hero a search form only while the add-on runs", async () => {
    const enabled = await pages();
    for (const page of Object.values(enabled)) {
      expect(page).toContain('class="titleBar-link titleBar-searchLink" href="/search"');
      expect(page).toContain('"component":"TitleBarSearchBox"');
    }
    for (const page of [enabled.guestHome, enabled.memberHome]) {
      expect(page).toContain('<form class="heroBanner-search" role="search" method="get" action="/search">');
      expect(page).toContain("heroBanner-title");
    }

    await setEnabled(false);
    try {
      const disabled = await pages();
      for (const page of Object.values(disabled)) {
        expect(page).toContain("titleBar-actions");
        expect(page).not.toContain("/search");
        expect(page).not.toContain("TitleBarSearchBox");
        expect(page).not.toContain("heroBanner-search");
      }
      expect(disabled.guestHome).toContain("heroBanner-title");
    } finally {
      await setEnabled(true);
    }
    expect((await pages()).guestHome).toContain("heroBanner-search");
  });

  it("declares its autocomplete delay: read out only while the add-on runs", async () => {
    const enabled = await member.get<Record<string, unknown>>("/api/v2/config");
    expect(enabled.body["search.autocompleteDebounce"]).toBe(500);
    expect((await admin.patch("/api/v2/config", { "search.autocompleteDebounce": 6000 })).status).toBe(422);

    await setEnabled(false);
    try {
      const disabled = await member.get<Record<string, unknown>>("/api/v2/config");
      expect(disabled.body).not.toHaveProperty("search.autocompleteDebounce");
    } finally {
      await setEnabled(true);
    }
  });
});
