import type { HydratedLayout } from "@forum/api/layouts";
import type { StoredLayout } from "@forum/api/storedLayouts";
import { createTestAppsSharingDatabase, testDialects, type TestApp } from "@library/server/testing/testApp";
import { serverApplications } from "../../../serverApplications";
import { forumClient } from "../testing/forumTesting";

const HOME = "/api/v2/layouts/lookup-hydrate?layoutViewType=home&recordType=siteSection&recordID=0";

for (const dialect of testDialects)
  describe(`stored layouts of two server processes on one ${dialect} database`, () => {
    let a: TestApp;
    let b: TestApp;
    let close: () => Promise<void>;

    beforeAll(async () => {
      const shared = await createTestAppsSharingDatabase(dialect, serverApplications, 2, {
        guestCacheSeconds: 600,
      });
      close = shared.close;
      [a, b] = shared.apps as [TestApp, TestApp];
    });
    afterAll(async () => {
      await close();
    });

    it("a layout written on one process is in the next answer of the other, page and API, cached there before", async () => {
      const admin = await forumClient(a, { role: "Administrator" });
      expect((await admin.client.patch("/api/v2/config", { "customLayout.home": true })).status).toBe(204);
      const guestOnB = b.guest();
      // B keeps the assignments (none yet) and the guest's home page.
      expect((await guestOnB.get<HydratedLayout>(HOME)).body.layoutID).toBe("home");
      await guestOnB.get("/");
      expect((await guestOnB.get("/")).headers["x-guest-cache"]).toBe("hit");

      const created = await admin.client.post<StoredLayout>("/api/v2/layouts", {
        name: "Shared home",
        layoutViewType: "home",
        layout: [
          {
            sectionType: "oneColumn",
            device: "all",
            columns: [
              [
                {
                  widget: "links",
                  device: "all",
                  title: "Orchard links",
                  items: [{ name: "Pears", url: "/pears" }],
                  itemOptions: { contentType: "title", displayType: "link", maxColumnCount: 3 },
                },
              ],
            ],
          },
        ],
      });
      await admin.client.put(`/api/v2/layouts/${created.body.layoutID}/views`, [
        { recordType: "global", recordID: -1 },
      ]);

      expect((await guestOnB.get<HydratedLayout>(HOME)).body.layoutID).toBe(created.body.layoutID);
      const page = await guestOnB.get("/");
      expect(page.headers["x-guest-cache"]).toBeUndefined();
      expect(page.text).toContain("Orchard links");

      await admin.client.delete(`/api/v2/layouts/${created.body.layoutID}`);
      expect((await guestOnB.get<HydratedLayout>(HOME)).body.layoutID).toBe("home");
      expect((await guestOnB.get("/")).text).not.toContain("Orchard links");
    });
  });
