import { serverApplications } from "@applications/serverApplications";
import { seedDemoIfEmpty } from "@library/server/app/seedDemo";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import "../tables";

describe.each(testDialects)("polls demo content when first enabled (%s)", (dialect) => {
  let demoSite: TestApp;
  let realSite: TestApp;
  let demoAdmin: TestClient;
  let realAdmin: TestClient;

  beforeAll(async () => {
    // A site created as a demo (polls off, as by default), and a real site with the same members and categories.
    demoSite = await createTestApp(dialect, serverApplications);
    await seedDemoIfEmpty(demoSite.context);
    demoAdmin = (await sessionClient(demoSite, { role: "Administrator" })).client;
    realSite = await createTestApp(dialect, serverApplications);
    realAdmin = (await sessionClient(realSite, { role: "Administrator" })).client;
    // What the poll of the demo needs (its author, the General category), so only the site's kind stops it.
    await sessionClient(realSite, { name: "Maya Chen" });
    const general = await realSite.context.db
      .selectFrom("categories")
      .select("categoryID")
      .where("urlcode", "=", "general")
      .executeTakeFirst();
    if (!general)
      expect(
        (await realAdmin.post("/api/v2/categories", { name: "General", urlcode: "general" })).status,
      ).toBe(201);
  });
  afterAll(async () => {
    await demoSite.close();
    await realSite.close();
  });

  const polls = async (site: TestApp) =>
    (
      await site.context.db
        .selectFrom("discussions")
        .select("name")
        .where("postTypeID", "=", "poll")
        .execute()
    ).length;
  const setPolls = async (admin: TestClient, enabled: boolean) =>
    expect((await admin.patch("/api/v2/addons/polls", { enabled })).status).toBe(200);

  it("adds the poll of the demo the first time the add-on is enabled on a demo site, and only then", async () => {
    expect(await polls(demoSite)).toBe(0);
    await setPolls(demoAdmin, true);
    expect(await polls(demoSite)).toBe(1);
    const listed = await demoSite.guest().get<{ name: string }[]>("/api/v2/discussions?limit=100");
    expect(listed.body.map((discussion) => discussion.name)).toContain(
      "Which day suits the monthly community call?",
    );
    await setPolls(demoAdmin, false);
    await setPolls(demoAdmin, true);
    expect(await polls(demoSite)).toBe(1);
  });

  it("adds nothing on a site that was not created as a demo", async () => {
    await setPolls(realAdmin, true);
    expect(await polls(realSite)).toBe(0);
  });
});
