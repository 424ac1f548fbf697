import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import { CONTENT_TRANSLATION_RESOURCE } from "@forum/api/translationKeys";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { testLocaleAddon } from "@library/server/translations/testLocaleAddons";
import { removeTranslations, saveTranslations } from "@library/server/translations/translationsStore";
import { serverApplications } from "../../../serverApplications";
import { forumClient, makeCategory, makeDiscussion } from "../testing/forumTesting";

const FRENCH = { cookie: "locale=fr" };

for (const dialect of testDialects)
  describe(`categories in the reader's locale on ${dialect}`, () => {
    let testApp: TestApp;
    let admin: TestClient;
    let garden: Category;
    let discussion: Discussion;

    /** Writes past the routes, as the translations API does, and tells the cache layer. */
    async function translate(categoryID: number, name: string, description?: string): Promise<void> {
      await saveTranslations(testApp.context.db, CONTENT_TRANSLATION_RESOURCE, [
        {
          recordType: "category",
          recordID: categoryID,
          propertyName: "name",
          locale: "fr",
          translation: name,
          translationPropertyKey: `category.${categoryID}.name`,
        },
        ...(description
          ? [
              {
                recordType: "category",
                recordID: categoryID,
                propertyName: "description",
                locale: "fr",
                translation: description,
                translationPropertyKey: `category.${categoryID}.description`,
              },
            ]
          : []),
      ]);
      await testApp.context.caches.publish(["translations"]);
    }

    beforeAll(async () => {
      testApp = await createTestApp(dialect, serverApplications, {}, { addons: [testLocaleAddon("fr")] });
      admin = (await forumClient(testApp, { role: "Administrator" })).client;
      garden = await makeCategory(admin, { name: "Gardening", description: "Seeds and soil." });
      discussion = await makeDiscussion(admin, garden.categoryID, "Tomatoes");
    });
    afterAll(async () => {
      await testApp.close();
    });

    it("shows a translated name and description to French readers only, on every read that names the category", async () => {
      const guest = testApp.guest();
      const before = await guest.get<Category[]>("/api/v2/categories", FRENCH);
      expect(before.body.find((category) => category.categoryID === garden.categoryID)?.name).toBe(
        "Gardening",
      );

      await translate(garden.categoryID, "Jardinage", "Graines et terre.");

      const list = await guest.get<Category[]>("/api/v2/categories", FRENCH);
      expect(list.body.find((category) => category.categoryID === garden.categoryID)).toEqual(
        expect.objectContaining({ name: "Jardinage", description: "Graines et terre." }),
      );
      const one = await guest.get<Category>(`/api/v2/categories/${garden.categoryID}?locale=fr`);
      expect(one.body.name).toBe("Jardinage");
      const thread = await guest.get<Discussion>(
        `/api/v2/discussions/${discussion.discussionID}?expand=category`,
        FRENCH,
      );
      expect(thread.body.category?.name).toBe("Jardinage");
      const page = await guest.get(`/categories/${garden.urlcode}`, FRENCH);
      expect(page.status).toBe(200);
      expect(page.text).toContain("Jardinage");

      const english = await guest.get<Category[]>("/api/v2/categories");
      expect(english.body.find((category) => category.categoryID === garden.categoryID)).toEqual(
        expect.objectContaining({ name: "Gardening", description: "Seeds and soil." }),
      );
      const englishPage = await guest.get(`/categories/${garden.urlcode}`);
      expect(englishPage.text).not.toContain("Jardinage");
      // The dashboard's editors read the text as written, whatever the reader's language.
      const source = await admin.get<Category>(`/api/v2/categories/${garden.categoryID}`, {
        ...FRENCH,
        "x-content-locale": "en",
      });
      expect(source.body.name).toBe("Gardening");
    });

    it("shows a new translation at once and the source again once it is removed", async () => {
      await translate(garden.categoryID, "Le potager");
      const guest = testApp.guest();
      const renamed = await guest.get<Category>(`/api/v2/categories/${garden.categoryID}`, FRENCH);
      expect(renamed.body.name).toBe("Le potager");
      await removeTranslations(testApp.context.db, CONTENT_TRANSLATION_RESOURCE, [
        { translationPropertyKey: `category.${garden.categoryID}.name`, locale: "fr" },
        { translationPropertyKey: `category.${garden.categoryID}.description`, locale: "fr" },
      ]);
      await testApp.context.caches.publish(["translations"]);
      const removed = await guest.get<Category>(`/api/v2/categories/${garden.categoryID}`, FRENCH);
      expect(removed.body).toEqual(
        expect.objectContaining({ name: "Gardening", description: "Seeds and soil." }),
      );
    });

    it("ignores a locale the site does not offer", async () => {
      await translate(garden.categoryID, "Jardinage");
      const german = await testApp.guest().get<Category>(`/api/v2/categories/${garden.categoryID}`, {
        cookie: "locale=de",
      });
      expect(german.body.name).toBe("Gardening");
    });

    it("keeps the discussion lists members share apart per language", async () => {
      await translate(garden.categoryID, "Jardinage");
      const frenchMember = (await forumClient(testApp)).client;
      const englishMember = (await forumClient(testApp)).client;
      const url = `/api/v2/discussions?categoryID=${garden.categoryID}&expand=category`;
      const inEnglish = await englishMember.get<Discussion[]>(url);
      expect(inEnglish.body[0]?.category?.name).toBe("Gardening");
      const session = frenchMember.cookie ?? "";
      const cookieName = testApp.context.settings.peek<string>("garden.cookie.name");
      const inFrench = await frenchMember.get<Discussion[]>(url, {
        cookie: `${cookieName}=${session}; locale=fr`,
      });
      expect(inFrench.body[0]?.category?.name).toBe("Jardinage");
      const englishAgain = await englishMember.get<Discussion[]>(url);
      expect(englishAgain.body[0]?.category?.name).toBe("Gardening");
    });

    it("follows a member's chosen language, kept on their account, on any browser", async () => {
      await translate(garden.categoryID, "Jardinage");
      const member = (await forumClient(testApp)).client;
      const chosen = await member.put("/api/v2/locales/current", { locale: "fr" });
      expect(chosen.status).toBe(200);
      const session = member.cookie ?? "";
      const cookieName = testApp.context.settings.peek<string>("garden.cookie.name");
      // Only the session cookie: no `locale` cookie from this browser.
      const read = await member.get<Category>(`/api/v2/categories/${garden.categoryID}`, {
        cookie: `${cookieName}=${session}`,
      });
      expect(read.body.name).toBe("Jardinage");
    });
  });
