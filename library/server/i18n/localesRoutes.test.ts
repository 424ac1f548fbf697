import type { Locale } from "@forum/api/locales";
import { serverApplications } from "../../../applications/serverApplications";
import { createSession } from "@library/server/auth/sessions";
import { postCategory, postComment, postDiscussion } from "@library/server/testing/apiPosts";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";

for (const dialect of testDialects)
  describe(`locales (${dialect})`, () => {
    let testApp: TestApp;
    let admin: TestClient;
    let member: TestClient;
    let memberID: number;

    beforeAll(async () => {
      testApp = await createTestApp(dialect, serverApplications);
      admin = (await sessionClient(testApp, { role: "Administrator" })).client;
      const signedIn = await sessionClient(testApp);
      member = signedIn.client;
      memberID = signedIn.user.userID;
    });
    afterAll(() => testApp.close());

    it("offers English alone until a locale add-on is enabled; the add-ons are off by default", async () => {
      const locales = await testApp.guest().get<Locale[]>("/api/v2/locales");
      expect(locales.status).toBe(200);
      expect(locales.body.map((locale) => locale.localeKey)).toEqual(["en"]);
      const addons = await admin.get<Array<{ key: string; enabled: boolean }>>("/api/v2/addons?type=locale");
      expect(addons.body.map((addon) => [addon.key, addon.enabled]).sort()).toEqual([
        ["locale-ar", false],
        ["locale-de", false],
        ["locale-es", false],
        ["locale-fr", false],
        ["locale-ja", false],
      ]);
      expect((await testApp.guest().get("/api/v2/locales/translations/fr")).status).toBe(404);
    });

    it("lists an enabled locale with its names, and serves its UI strings", async () => {
      expect((await admin.patch("/api/v2/addons/locale-fr", { enabled: true })).status).toBe(200);
      expect((await admin.patch("/api/v2/addons/locale-ar", { enabled: true })).status).toBe(200);
      const locales = await testApp.guest().get<Locale[]>("/api/v2/locales");
      expect(locales.body.map((locale) => locale.localeKey)).toEqual(["en", "ar", "fr"]);
      const french = locales.body.find((locale) => locale.localeKey === "fr");
      expect(french).toMatchObject({ localeID: "fr", regionalKey: "fr_FR" });
      expect(french?.displayNames).toMatchObject({ fr: "Français", en: "French", ar: "الفرنسية" });
      // The configuration is for those who manage the site.
      expect(french).not.toHaveProperty("translationService");
      const strings = await testApp.guest().get<Record<string, string>>("/api/v2/locales/translations/fr");
      expect(strings.status).toBe(200);
      expect(strings.body["Sign In"]).toBe("Se connecter");
      expect(strings.body["{time} ago"]).toBe("il y a {time}");
    });

    it("shows a locale's configuration to site managers only: 403 for guests and members, 404 unknown", async () => {
      expect((await testApp.guest().get("/api/v2/locales/fr")).status).toBe(403);
      expect((await member.get("/api/v2/locales/fr")).status).toBe(403);
      expect((await admin.get("/api/v2/locales/xx")).status).toBe(404);
      // Known but not enabled.
      expect((await admin.get("/api/v2/locales/de")).status).toBe(404);
      const french = await admin.get<Locale>("/api/v2/locales/fr");
      expect(french.status).toBe(200);
      expect(french.body).toMatchObject({ localeID: "fr", translatable: true, translationService: null });
    });

    it("sets a locale's translation service and translatable flag; bad input changes nothing", async () => {
      expect((await member.patch("/api/v2/locales/fr", { translationService: "glossary" })).status).toBe(403);
      const bad = await admin.patch<{ errors: Array<{ field: string }> }>("/api/v2/locales/fr", {
        translationService: "Not A Service",
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors[0]?.field).toBe("translationService");
      expect((await admin.patch("/api/v2/locales/fr", { translatable: "yes" })).status).toBe(422);
      expect((await admin.get<Locale>("/api/v2/locales/fr")).body.translationService).toBeNull();

      const saved = await admin.patch<Locale>("/api/v2/locales/fr", {
        translationService: "glossary",
        translatable: false,
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ translationService: "glossary", translatable: false });
      // One field at a time keeps the other; the Arabic options are apart from the French ones.
      await admin.patch("/api/v2/locales/fr", { translatable: true });
      expect((await admin.get<Locale>("/api/v2/locales/fr")).body).toMatchObject({
        translationService: "glossary",
        translatable: true,
      });
      expect((await admin.get<Locale>("/api/v2/locales/ar")).body.translationService).toBeNull();
      const cleared = await admin.patch<Locale>("/api/v2/locales/fr", { translationService: null });
      expect(cleared.body.translationService).toBeNull();
    });

    it("checks the translation service against the services the site registers", async () => {
      expect((await admin.patch("/api/v2/locales/ar", { translationService: "remote" })).status).toBe(422);
      expect((await admin.patch("/api/v2/locales/ar", { translationService: "libretranslate" })).status).toBe(
        200,
      );
      await admin.patch("/api/v2/locales/ar", { translationService: null });
    });

    it("serves a guest's pages in the language of their cookie, mirrored for Arabic", async () => {
      const english = await testApp.guest().get("/");
      expect(english.text).toContain('<html lang="en" dir="ltr">');
      expect(english.text).toContain(">Skip to content<");
      // The footer's picker offers every enabled language, each in itself.
      expect(english.text).toContain('data-react="LocalePicker"');
      expect(english.text).toContain("Français");

      const chosen = await testApp.guest().put("/api/v2/locales/current", { locale: "fr" });
      expect(chosen.status).toBe(200);
      expect(String(chosen.headers["set-cookie"])).toMatch(/locale=fr/);

      const french = await testApp.guest().get("/", { cookie: "locale=fr" });
      expect(french.text).toContain('<html lang="fr" dir="ltr" data-translations="');
      expect(french.text).toContain(">Aller au contenu<");
      expect(french.text).toContain('"locale":"fr"');
      // The client loads the strings from the address the page names; that address never changes its answer.
      const url = /data-translations="([^"]+)"/.exec(french.text)?.[1]?.replace(/&amp;/g, "&") ?? "";
      expect(url).toMatch(/^\/api\/v2\/locales\/translations\/fr\?etag=\w+$/);
      const strings = await testApp.guest().get<Record<string, string>>(url);
      expect(strings.body["Skip to content"]).toBe("Aller au contenu");
      expect(strings.headers["cache-control"]).toContain("immutable");

      const arabic = await testApp.guest().get("/", { cookie: "locale=ar" });
      expect(arabic.text).toContain('<html lang="ar" dir="rtl" data-translations="');
      expect(arabic.text).toContain("تخطَّ إلى المحتوى");

      // A locale the site does not offer falls back to the site's.
      const unknown = await testApp.guest().get("/", { cookie: "locale=de" });
      expect(unknown.text).toContain('<html lang="en" dir="ltr">');
      expect(
        (await testApp.guest().get<{ locale: string }>("/api/v2/locales/current", { cookie: "locale=ar" }))
          .body,
      ).toEqual({ locale: "ar" });
    });

    it("refuses a language the site does not offer", async () => {
      const refused = await member.put<{ errors: Array<{ field: string }> }>("/api/v2/locales/current", {
        locale: "de",
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0]?.field).toBe("locale");
      expect((await member.put("/api/v2/locales/current", { locale: "not a locale" })).status).toBe(422);
      expect((await member.get<{ locale: string }>("/api/v2/locales/current")).body.locale).toBe("en");
    });

    it("writes a page's dates in the reader's language before any script, and user content in its own direction", async () => {
      const categoryID = await postCategory(testApp, admin, "Notes");
      const discussion = await postDiscussion(admin, categoryID, "Weekly notes");
      expect(discussion.status).toBe(201);
      const arabic = "مرحبا بالجميع، هذا تعليق باللغة العربية.";
      expect((await postComment(admin, discussion.body.discussionID, arabic)).status).toBe(201);
      const read = await admin.get<{ url: string; dateInserted: string }>(
        `/api/v2/discussions/${discussion.body.discussionID}`,
      );
      const path = new URL(read.body.url, "http://site.test").pathname;
      const posted = read.body.dateInserted;
      const date = new Date(posted);

      const french = await testApp.guest().get(path, { cookie: "locale=fr" });
      const short = new Intl.DateTimeFormat("fr", {
        year: "numeric",
        month: "short",
        day: "numeric",
        timeZone: "UTC",
      }).format(date);
      const full = new Intl.DateTimeFormat("fr", {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: "UTC",
      }).format(date);
      expect(french.text).toContain(
        `<time datetime="${posted}" title="${full}" data-relative>${short}</time>`,
      );
      expect(short).toMatch(/^\d{1,2} [a-zéû]+\.? \d{4}$/);

      // English keeps the product's own format; the Arabic comment reads right to left in the English page.
      const english = await testApp.guest().get(path);
      expect(english.text).toMatch(
        new RegExp(
          `<time datetime="${posted.replace("+", "\\+")}" title="[A-Z][a-z]+day, [^"]+ UTC" data-relative>[A-Z][a-z]{2} \\d{1,2}, \\d{4}</time>`,
        ),
      );
      expect(english.text).toMatch(
        /<h1 class="post-title" id="Discussion_\d+-title" dir="auto">Weekly notes<\/h1>/,
      );
      expect(english.text).toMatch(new RegExp(`<div class="userContent" dir="auto">(<p>)?${arabic}`));
      expect(english.text).toMatch(/<a class="userName" [^>]*dir="auto">/);
    });

    it("keeps a member's choice on their account: a new session reads in it", async () => {
      expect((await member.put("/api/v2/locales/current", { locale: "fr" })).status).toBe(200);
      const page = await member.get("/");
      expect(page.text).toContain('<html lang="fr" dir="ltr" data-translations="');

      const later = testApp.guest();
      later.cookie = (await createSession(testApp.context.db, memberID, false)).token;
      expect((await later.get<{ locale: string }>("/api/v2/locales/current")).body.locale).toBe("fr");
      expect((await later.get("/")).text).toContain(">Aller au contenu<");
      // The member's choice wins over a cookie left from browsing as a guest.
      const cookieName = testApp.context.settings.peek<string>("garden.cookie.name");
      const both = await later.get<{ locale: string }>("/api/v2/locales/current", {
        cookie: `${cookieName}=${later.cookie ?? ""}; locale=ar`,
      });
      expect(both.body.locale).toBe("fr");
    });

    it("uses the site's default locale for those who chose nothing, and stops offering a disabled one", async () => {
      expect((await admin.patch("/api/v2/config", { "garden.locale": "ar" })).status).toBe(204);
      expect((await testApp.guest().get("/")).text).toContain(
        '<html lang="ar" dir="rtl" data-translations="',
      );
      await admin.patch("/api/v2/addons/locale-ar", { enabled: false });
      expect((await testApp.guest().get("/")).text).toContain('<html lang="en" dir="ltr">');
      expect((await testApp.guest().get<Locale[]>("/api/v2/locales")).body.map((l) => l.localeKey)).toEqual([
        "en",
        "fr",
      ]);
      await admin.patch("/api/v2/config", { "garden.locale": "en" });
      await admin.patch("/api/v2/addons/locale-fr", { enabled: false });
    });
  });
