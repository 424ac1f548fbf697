import { serverApplications } from "@applications/serverApplications";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";

interface BannerNode {
  $reactComponent: string;
  $reactProps: Record<string, unknown>;
}

/** The BannerWidget node of a hydrated layout, wherever it sits. */
function bannerOf(value: unknown): BannerNode | undefined {
  if (Array.isArray(value)) return value.map(bannerOf).find(Boolean);
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (record.$reactComponent === "BannerWidget") return record as unknown as BannerNode;
  return Object.values(record).map(bannerOf).find(Boolean);
}

for (const dialect of testDialects)
  describe(`the dashboard's banner image on the home page on ${dialect}`, () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp(dialect, serverApplications);
    });
    afterAll(async () => {
      await testApp.close();
    });

    it("is the hero's background on the server page and in the home layout, once it is set", async () => {
      const before = await testApp.app.inject({ url: "/" });
      expect(before.body).not.toContain("heroBanner--withBackground");
      await testApp.context.settings.write(
        testApp.context.db,
        { "branding.bannerImage": "/uploads/hero (1).jpg" },
        0,
      );
      await testApp.context.caches.publish(["settings"]);

      const page = await testApp.app.inject({ url: "/" });
      expect(page.body).toContain('class="heroBanner heroBanner--withBackground"');
      expect(page.body).toContain("background-image: url(/uploads/hero%20%281%29.jpg)");

      const layout = await testApp
        .guest()
        .get<{ layout: unknown }>(
          "/api/v2/layouts/lookup-hydrate?layoutViewType=home&recordType=global&recordID=-1",
        );
      expect(layout.status).toBe(200);
      expect(bannerOf(layout.body.layout)?.$reactProps).toMatchObject({
        backgroundImage: "/uploads/hero (1).jpg",
      });
    });
  });
