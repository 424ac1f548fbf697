import http from "node:http";
import type { AddressInfo } from "node:net";
import type { MachineTranslationResult, TranslationServiceWithConfig } from "@forum/api/translationServices";
import { signedInClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { testLocaleAddon } from "@library/server/translations/testLocaleAddons";
import { serverApplications } from "../../../serverApplications";

interface ReceivedRequest {
  url: string;
  body: Record<string, unknown>;
}

/** A LibreTranslate-compatible server on a local port: answers from a small French dictionary, or fails. */
async function startFakeLibreTranslate(): Promise<{
  url: string;
  received: ReceivedRequest[];
  failNext(status: number): void;
  close(): Promise<void>;
}> {
  const dictionary: Record<string, string> = { Gardening: "Jardinage", "Seeds and soil": "Graines et terre" };
  const received: ReceivedRequest[] = [];
  let failWith: number | null = null;
  const server = http.createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      received.push({ url: request.url ?? "", body });
      if (failWith !== null) {
        response.writeHead(failWith, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: "Invalid API key" }));
        failWith = null;
        return;
      }
      const texts = Array.isArray(body.q) ? body.q.map(String) : [];
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({ translatedText: texts.map((item) => dictionary[item] ?? `[fr] ${item}`) }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext: (status) => {
      failWith = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

for (const dialect of testDialects)
  describe(`translation services on ${dialect}`, () => {
    let testApp: TestApp;
    let admin: TestClient;
    let moderator: TestClient;
    let libre: Awaited<ReturnType<typeof startFakeLibreTranslate>>;

    beforeAll(async () => {
      libre = await startFakeLibreTranslate();
      testApp = await createTestApp(dialect, serverApplications, {}, { addons: [testLocaleAddon("fr")] });
      admin = (await signedInClient(testApp, { role: "Administrator" })).client;
      moderator = (await signedInClient(testApp, { role: "Moderator" })).client;
    });
    afterAll(async () => {
      await testApp.close();
      await libre.close();
    });

    it("lists the services with their config schemas, none configured at first; only to site managers", async () => {
      const list = await admin.get<TranslationServiceWithConfig[]>("/api/v2/translation-services");
      expect(list.status).toBe(200);
      expect(list.body.map((service) => [service.type, service.isConfigured, service.isDefault])).toEqual([
        ["glossary", false, false],
        ["libretranslate", false, false],
      ]);
      const libreSchema = list.body[1]?.configSchema as { properties: Record<string, unknown> };
      expect(Object.keys(libreSchema.properties)).toEqual(["url", "apiKey", "isDefault"]);
      expect((await moderator.get("/api/v2/translation-services")).status).toBe(403);
      expect(
        (await moderator.put("/api/v2/translation-services/glossary", { glossary: "fr: a = b" })).status,
      ).toBe(403);
    });

    it("configures the HTTP service, never echoes its key, and translates through it", async () => {
      const put = await admin.put<TranslationServiceWithConfig>(
        "/api/v2/translation-services/libretranslate",
        {
          url: `${libre.url}/`,
          apiKey: "secret-key-123",
          isDefault: true,
        },
      );
      expect(put.status).toBe(200);
      expect(put.body).toEqual(
        expect.objectContaining({ type: "libretranslate", isConfigured: true, isDefault: true }),
      );
      expect(put.body.config).toEqual({ url: `${libre.url}/` });
      expect(put.text).not.toContain("secret-key-123");

      const translated = await admin.post<MachineTranslationResult>(
        "/api/v2/translation-services/libretranslate/translate",
        { texts: ["Gardening", "Seeds and soil"], locale: "fr" },
      );
      expect(translated.status).toBe(200);
      expect(translated.body.translations).toEqual(["Jardinage", "Graines et terre"]);
      expect(libre.received.at(-1)).toEqual({
        url: "/translate",
        body: {
          q: ["Gardening", "Seeds and soil"],
          source: "en",
          target: "fr",
          format: "text",
          api_key: "secret-key-123",
        },
      });

      // Changing the address alone keeps the stored key.
      await admin.put("/api/v2/translation-services/libretranslate", { url: libre.url });
      await admin.post("/api/v2/translation-services/libretranslate/translate", {
        texts: ["Gardening"],
        locale: "fr",
      });
      expect(libre.received.at(-1)?.body.api_key).toBe("secret-key-123");

      libre.failNext(403);
      const failed = await admin.post("/api/v2/translation-services/libretranslate/translate", {
        texts: ["Gardening"],
        locale: "fr",
      });
      expect(failed.status).toBe(502);
    });

    it("translates offline from the glossary only what it lists, and one default at a time", async () => {
      const put = await admin.put<TranslationServiceWithConfig>("/api/v2/translation-services/glossary", {
        glossary: "fr: Gardening = Jardinage\nnot a line\nde: Gardening = Gartenarbeit",
        isDefault: true,
      });
      expect(put.status).toBe(200);
      expect(put.body).toEqual(expect.objectContaining({ isConfigured: true, isDefault: true }));
      const list = await admin.get<TranslationServiceWithConfig[]>("/api/v2/translation-services");
      expect(list.body.map((service) => [service.type, service.isDefault])).toEqual([
        ["glossary", true],
        ["libretranslate", false],
      ]);
      const translated = await admin.post<MachineTranslationResult>(
        "/api/v2/translation-services/glossary/translate",
        { texts: ["gardening ", "Tools"], locale: "fr" },
      );
      expect(translated.body.translations).toEqual(["Jardinage", null]);
    });

    it("answers 404 for an unknown service, 422 for a config or locale the service cannot take", async () => {
      expect((await admin.put("/api/v2/translation-services/babel", { url: "http://x" })).status).toBe(404);
      const badUrl = await admin.put<{ errors: { field: string }[] }>(
        "/api/v2/translation-services/libretranslate",
        { url: "ftp://example.com" },
      );
      expect(badUrl.status).toBe(422);
      expect(badUrl.body.errors.map((error) => error.field)).toContain("url");
      const badType = await admin.put("/api/v2/translation-services/glossary", { glossary: 12 });
      expect(badType.status).toBe(422);
      const badLocale = await admin.post("/api/v2/translation-services/glossary/translate", {
        texts: ["Gardening"],
        locale: "en",
      });
      expect(badLocale.status).toBe(422);
      const list = await admin.get<TranslationServiceWithConfig[]>("/api/v2/translation-services");
      expect(list.body.find((service) => service.type === "libretranslate")?.config).toEqual({
        url: libre.url,
      });
    });
  });
