import type { Translation } from "@forum/api/translations";
import { signedInClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { testLocaleAddon } from "@library/server/translations/testLocaleAddons";
import { serverApplications } from "../../../serverApplications";

async function translationRows(testApp: TestApp): Promise<number> {
  const row = await testApp.context.db
    .selectFrom("translations")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

for (const dialect of testDialects)
  describe(`content translations on ${dialect}`, () => {
    let testApp: TestApp;
    let moderator: TestClient;
    let member: TestClient;

    beforeAll(async () => {
      testApp = await createTestApp(
        dialect,
        serverApplications,
        {},
        { addons: [testLocaleAddon("fr"), testLocaleAddon("de")] },
      );
      moderator = (await signedInClient(testApp, { role: "Moderator" })).client;
      member = (await signedInClient(testApp)).client;
    });
    afterAll(async () => {
      await testApp.close();
    });

    it("saves, lists, replaces and removes translations of record properties per locale", async () => {
      const saved = await moderator.patch<Translation[]>("/api/v2/translations/forum", [
        { recordType: "category", recordID: 7, propertyName: "name", locale: "fr", translation: "Jardinage" },
        {
          recordType: "category",
          recordID: 7,
          propertyName: "description",
          locale: "fr",
          translation: "Tout sur les graines.",
          translationPropertyKey: "category.7.description",
        },
        {
          recordType: "navigation",
          recordKey: "help",
          propertyName: "name",
          locale: "de",
          translation: "Hilfe",
        },
      ]);
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual([
        expect.objectContaining({
          resource: "forum",
          recordType: "category",
          recordID: 7,
          propertyName: "name",
          translationPropertyKey: "category.7.name",
          locale: "fr",
          translation: "Jardinage",
          dateUpdated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        }),
        expect.objectContaining({ translationPropertyKey: "category.7.description" }),
        expect.objectContaining({
          recordKey: "help",
          translationPropertyKey: "navigation.help.name",
          locale: "de",
        }),
      ]);

      await moderator.patch("/api/v2/translations/forum", [
        { recordType: "category", recordID: 7, propertyName: "name", locale: "fr", translation: "Le jardin" },
        { recordType: "category", recordID: 8, propertyName: "name", locale: "fr", translation: "Outils" },
      ]);
      const french = await moderator.get<Translation[]>(
        "/api/v2/translations/forum?locale=fr&recordType=category&recordIDs=7",
      );
      expect(french.status).toBe(200);
      expect(french.body.map((item) => [item.translationPropertyKey, item.translation])).toEqual([
        ["category.7.description", "Tout sur les graines."],
        ["category.7.name", "Le jardin"],
      ]);
      const byKey = await moderator.get<Translation[]>(
        "/api/v2/translations/forum?locale=de&recordKeys=help",
      );
      expect(byKey.body.map((item) => item.translation)).toEqual(["Hilfe"]);
      const paged = await moderator.get<Translation[]>("/api/v2/translations/forum?locale=fr&limit=2&page=2");
      expect(paged.body.map((item) => item.translationPropertyKey)).toEqual(["category.8.name"]);
      const otherResource = await moderator.get<Translation[]>("/api/v2/translations/kb?locale=fr");
      expect(otherResource.body).toEqual([]);

      const removed = await moderator.patch("/api/v2/translations/forum/remove", [
        { recordType: "category", recordID: 7, propertyName: "name", locale: "fr" },
      ]);
      expect(removed.status).toBe(200);
      const after = await moderator.get<Translation[]>("/api/v2/translations/forum?locale=fr&recordIDs=7");
      expect(after.body.map((item) => item.propertyName)).toEqual(["description"]);
    });

    it("answers 403 to members and guests, and writes nothing", async () => {
      const before = await translationRows(testApp);
      const item = {
        recordType: "category",
        recordID: 1,
        propertyName: "name",
        locale: "fr",
        translation: "Un",
      };
      expect((await member.patch("/api/v2/translations/forum", [item])).status).toBe(403);
      expect((await member.get("/api/v2/translations/forum?locale=fr")).status).toBe(403);
      expect((await testApp.guest().patch("/api/v2/translations/forum/remove", [item])).status).toBe(403);
      expect(await translationRows(testApp)).toBe(before);
    });

    it("refuses items without a record (400), unknown or source locales, empty texts and missing fields (422)", async () => {
      const before = await translationRows(testApp);
      const noRecord = await moderator.patch("/api/v2/translations/forum", [
        { recordType: "category", propertyName: "name", locale: "fr", translation: "Sans" },
      ]);
      expect(noRecord.status).toBe(400);
      expect(noRecord.body).toEqual(expect.objectContaining({ status: 400, message: expect.any(String) }));

      const unknownLocale = await moderator.patch<{ errors: { field: string }[] }>(
        "/api/v2/translations/forum",
        [
          { recordType: "category", recordID: 1, propertyName: "name", locale: "fr", translation: "Un" },
          { recordType: "category", recordID: 1, propertyName: "name", locale: "it", translation: "Uno" },
          { recordType: "category", recordID: 1, propertyName: "name", locale: "en", translation: "One" },
        ],
      );
      expect(unknownLocale.status).toBe(422);
      expect(unknownLocale.body.errors.map((error) => error.field)).toEqual(["1.locale", "2.locale"]);

      const empty = await moderator.patch("/api/v2/translations/forum", [
        { recordType: "category", recordID: 1, propertyName: "name", locale: "fr", translation: "" },
      ]);
      expect(empty.status).toBe(422);
      const missing = await moderator.patch("/api/v2/translations/forum", [
        { recordType: "category", recordID: 1 },
      ]);
      expect(missing.status).toBe(422);
      const wrongKey = await moderator.patch("/api/v2/translations/forum", [
        {
          recordType: "category",
          recordID: 1,
          propertyName: "name",
          locale: "fr",
          translation: "Un",
          translationPropertyKey: "category.2.name",
        },
      ]);
      expect(wrongKey.status).toBe(422);
      expect(await translationRows(testApp)).toBe(before);

      const noLocale = await moderator.get("/api/v2/translations/forum");
      expect(noLocale.status).toBe(422);
    });
  });
