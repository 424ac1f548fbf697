import type { NavigationEdit, NavigationItem, TitleBarConfig } from "@forum/api/navigation";
import { roleIDByName, signedInClient, type TestUser } from "@library/server/testing/factories";
import { serverApplications } from "@applications/serverApplications";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";

const helpItems = (moderatorRoleID: number): NavigationItem[] => [
  {
    id: "help",
    name: "Help",
    url: "/help",
    badge: { type: "text", text: "New" },
    children: [
      { id: "guides", name: "Guides", url: "/guides" },
      { id: "staff", name: "Staff room", url: "/staff", roleIDs: [moderatorRoleID] },
      { id: "review", name: "Review", url: "/review", permission: "community.moderate" },
      { id: "secret", name: "Secret", url: "/secret", isHidden: true },
    ],
  },
  { id: "empty", name: "  ", url: "/nothing" },
  { id: "nowhere", name: "Nowhere", url: "" },
  { id: "blog", name: "Blog", url: "blog.example.com" },
];

for (const dialect of testDialects)
  describe(`navigation and title bar on ${dialect}`, () => {
    let testApp: TestApp;
    let member: { client: TestClient; user: TestUser };
    let moderator: { client: TestClient; user: TestUser };
    let admin: { client: TestClient; user: TestUser };
    let moderatorRoleID: number;

    beforeAll(async () => {
      // The whole site: the title bar shows the forum's entries, and pages read the reader's stored language.
      testApp = await createTestApp(dialect, serverApplications);
      member = await signedInClient(testApp, { name: "Nav Member" });
      moderator = await signedInClient(testApp, { name: "Nav Moderator", role: "Moderator" });
      admin = await signedInClient(testApp, { name: "Nav Admin", role: "Administrator" });
      moderatorRoleID = await roleIDByName(testApp.context, "Moderator");
    });
    afterAll(async () => {
      await testApp.close();
    });

    it("shows the built-in Posts and Categories until items are saved, and none while the forum is disabled", async () => {
      const names = async () =>
        ((await testApp.guest().get<NavigationItem[]>("/api/v2/navigation")).body ?? []).map(
          (item) => item.name,
        );
      expect(await names()).toEqual(["Posts", "Categories"]);
      expect((await admin.client.patch("/api/v2/config", { "forum.disabled": true })).status).toBe(204);
      expect(await names()).toEqual([]);
      const page = await testApp.app.inject({ url: "/entry/signin" });
      expect(page.body).not.toContain('href="/discussions"');
      expect((await admin.client.patch("/api/v2/config", { "forum.disabled": false })).status).toBe(204);
      expect(await names()).toEqual(["Posts", "Categories"]);
    });

    it("refuses the editor's calls to guests and members (403) and unsafe links (422, nothing saved)", async () => {
      const body = { locale: "en", items: helpItems(moderatorRoleID) };
      expect((await testApp.guest().put("/api/v2/navigation", body)).status).toBe(403);
      expect((await member.client.put("/api/v2/navigation", body)).status).toBe(403);
      expect((await member.client.get("/api/v2/navigation/edit?locale=en")).status).toBe(403);
      expect((await member.client.patch("/api/v2/title-bar", { height: 60 })).status).toBe(403);
      const unsafe = await admin.client.put("/api/v2/navigation", {
        locale: "en",
        items: [{ id: "x", name: "X", url: "javascript:alert(1)" }],
      });
      expect(unsafe.status).toBe(422);
      expect(unsafe.body).toMatchObject({ errors: [{ field: "items[0].url", code: "unsafeUrl" }] });
      const edit = await admin.client.get<NavigationEdit>("/api/v2/navigation/edit?locale=en");
      expect(edit.body).toMatchObject({ locale: "en", isCustom: false });
      expect(edit.body.items.map((item) => item.id)).toEqual(["posts", "categories"]);
    });

    it("saves cleaned items (SPEC 5) and shows each viewer only what their roles and permissions allow", async () => {
      const saved = await admin.client.put<NavigationEdit>("/api/v2/navigation", {
        locale: "en",
        items: helpItems(moderatorRoleID),
      });
      expect(saved.status).toBe(200);
      // No name, or neither a link nor children: dropped. A link without a scheme gets http://.
      expect(saved.body.items.map((item) => [item.name, item.url])).toEqual([
        ["Help", "/help"],
        ["Blog", "http://blog.example.com"],
      ]);
      expect(saved.body.isCustom).toBe(true);

      const seenBy = async (client: TestClient) =>
        (await client.get<NavigationItem[]>("/api/v2/navigation")).body;
      const guestView = await seenBy(testApp.guest());
      expect(guestView[0]).toEqual({
        id: "help",
        name: "Help",
        url: "/help",
        badge: { type: "text", text: "New" },
        children: [{ id: "guides", name: "Guides", url: "/guides" }],
      });
      const moderatorView = await seenBy(moderator.client);
      expect(moderatorView[0]?.children?.map((item) => item.name)).toEqual([
        "Guides",
        "Staff room",
        "Review",
      ]);
      // An administrator holds the permission but not the Moderator role.
      const adminView = await seenBy(admin.client);
      expect(adminView[0]?.children?.map((item) => item.name)).toEqual(["Guides", "Review"]);

      const page = await testApp.app.inject({ url: "/entry/signin" });
      expect(page.body).toContain('<a href="/help">Help</a>');
      expect(page.body).not.toContain("Staff room");
      expect(page.body).not.toContain("Secret");
    });

    it("keeps navigation per locale: another locale falls back to the site's until it has its own", async () => {
      const french = async () =>
        (await testApp.guest().get<NavigationItem[]>("/api/v2/navigation?locale=fr")).body.map(
          (item) => item.name,
        );
      expect(await french()).toEqual(["Help", "Blog"]);
      const put = await admin.client.put("/api/v2/navigation", {
        locale: "fr",
        items: [{ id: "aide", name: "Aide", url: "/aide" }],
      });
      expect(put.status).toBe(200);
      expect(await french()).toEqual(["Aide"]);
      const english = await testApp.guest().get<NavigationItem[]>("/api/v2/navigation?locale=en");
      expect(english.body.map((item) => item.name)).toEqual(["Help", "Blog"]);
      expect((await admin.client.delete("/api/v2/navigation?locale=fr")).status).toBe(204);
      expect(await french()).toEqual(["Help", "Blog"]);
      expect((await admin.client.delete("/api/v2/navigation?locale=en")).status).toBe(204);
      // The built-in entries again, named in French when a French locale add-on is installed.
      const builtIns = await testApp.guest().get<NavigationItem[]>("/api/v2/navigation?locale=fr");
      expect(builtIns.body.map((item) => [item.id, item.url])).toEqual([
        ["posts", "/discussions"],
        ["categories", "/categories"],
      ]);
    });

    it("reads and patches the title bar config; the page header carries its mode, heights and mobile logo", async () => {
      const initial = await testApp.guest().get<TitleBarConfig>("/api/v2/title-bar");
      expect(initial.body).toMatchObject({ positioning: "stickySolid", height: 48, heightMobile: 44 });
      const bad = await admin.client.patch("/api/v2/title-bar", { height: 10, backgroundColor: "red" });
      expect(bad.status).toBe(422);
      const patched = await admin.client.patch<TitleBarConfig>("/api/v2/title-bar", {
        positioning: "staticTransparent",
        borderType: "swoop",
        backgroundColor: "#123456",
        logo: { alignment: "center" },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.logo).toEqual({
        alignment: "center",
        alignmentMobile: "center",
        imageUrl: "",
        imageUrlMobile: "",
        url: "/",
      });
      expect((await testApp.guest().get<TitleBarConfig>("/api/v2/title-bar")).body.borderType).toBe("swoop");
      await admin.client.patch("/api/v2/config", {
        "branding.logo": "/uploads/logo.png",
        "branding.mobileLogo": "/uploads/mobile.png",
      });
      const page = await testApp.app.inject({ url: "/entry/signin" });
      expect(page.body).toContain("titleBar--staticTransparent titleBar--border-swoop titleBar--logo-center");
      expect(page.body).toContain("--title-bar-bg:#123456");
      expect(page.body).toMatch(/src="\/uploads\/mobile.png"[^>]*titleBar-logoImage--mobile/);
    });

    it("gives GET /config the sign-in, registration and sign-out links; invitation-only sites have no Register", async () => {
      const select = "/api/v2/config?select=signInUrl,registrationUrl,signOutUrl";
      expect((await testApp.guest().get(select)).body).toEqual({
        signInUrl: "/entry/signin",
        registrationUrl: "/entry/register",
        signOutUrl: "/entry/signout",
      });
      expect((await testApp.app.inject({ url: "/entry/signin" })).body).toContain("titleBar-register");
      await admin.client.patch("/api/v2/config", { "registration.method": "invitation" });
      expect((await testApp.guest().get(select)).body).toMatchObject({ registrationUrl: "" });
      expect((await testApp.app.inject({ url: "/entry/signin" })).body).not.toContain("titleBar-register");
      await admin.client.patch("/api/v2/config", { "registration.method": "basic" });
    });
  });
