import { serverApplications } from "@applications/serverApplications";
import { seedAddonPermissions } from "@library/server/addons/loadAddons";
import { seedDemoIfEmpty } from "@library/server/app/seedDemo";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";
import type { Article, KnowledgeCategory } from "../../api/knowledgeApi";
import { seedKnowledgeDemo } from "./knowledgeSeed";
import "../tables";

for (const dialect of testDialects)
  describe(`knowledge demo seed (${dialect})`, () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp(dialect, serverApplications);
      // As at a start with the add-on on: enabled, its permissions granted, then the demo.
      await testApp.context.addons.setEnabled("knowledge", true, null);
      await seedAddonPermissions(testApp.context.addons, testApp.context.db);
      testApp.context.grants.invalidate();
      await seedDemoIfEmpty(testApp.context);
    });
    afterAll(() => testApp.close());

    it("makes a Help Center with categories and readable articles, once", async () => {
      const guest = testApp.guest();
      const categories = await guest.get<KnowledgeCategory[]>("/api/v2/knowledge-categories");
      expect(categories.body.map((category) => category.name)).toEqual([
        "Help Center",
        "Getting Started",
        "Your Account",
        "Writing Posts",
      ]);
      const articles = await guest.get<Article[]>("/api/v2/articles");
      expect(articles.body.length).toBeGreaterThanOrEqual(4);
      const markdown = articles.body.find((article) => article.name === "Format your posts with Markdown");
      expect(markdown?.body).toContain("<strong>bold</strong>");
      expect(markdown?.body).toContain("<table>");
      const page = await guest.get("/kb/help-center");
      expect(page.status).toBe(200);
      expect(page.text).toContain("Start a discussion");

      await seedKnowledgeDemo(testApp.context);
      const bases = await guest.get<unknown[]>("/api/v2/knowledge-bases");
      expect(bases.body).toHaveLength(1);
      expect((await guest.get<Article[]>("/api/v2/articles")).body).toHaveLength(articles.body.length);
    });
  });
