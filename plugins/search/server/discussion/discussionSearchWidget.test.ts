import { serverApplications } from "@applications/serverApplications";
import { sessionClient } from "@library/server/testing/factories";
import {
  createTestApp,
  sitePath,
  testDialects,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";
import { createCategory, postDiscussion } from "../testing/searchTesting";

describe.each(testDialects)("'Search this discussion' on the discussion page (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let discussionPath: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    const categoryID = await createCategory(admin, "Orchard");
    const discussionID = await postDiscussion(
      admin,
      categoryID,
      "Pruning pear trees",
      "Prune pears in winter.",
    );
    const discussion = await admin.get<{ url: string }>(`/api/v2/discussions/${discussionID}`);
    discussionPath = sitePath(discussion.body.url);
  });
  afterAll(() => testApp.close());

  const formOf = async () => {
    const page = await testApp.guest().get(discussionPath);
    expect(page.status).toBe(200);
    return /<form class="discussionSearch"[^]*?<\/form>/.exec(page.text)?.[0] ?? "";
  };

  it("is written by the server as a plain search form: no mount point, no script to fetch", async () => {
    const form = await formOf();
    expect(form).toContain('role="search" method="get" action="/search"');
    expect(form).toMatch(
      /<input id="([^"]+)" class="discussionSearch-input" type="search" name="query" required/,
    );
    expect(form).toMatch(/<label class="sr-only" for="discussionSearch-\d+">Search this discussion<\/label>/);
    expect(form).toMatch(/<input type="hidden" name="discussionID" value="\d+" \/>/);
    const page = await testApp.guest().get(discussionPath);
    expect(page.text).not.toContain('data-react="DiscussionSearch"');
  });

  it("asks the old search page by its own parameter when the site uses it", async () => {
    expect((await admin.patch("/api/v2/config", { "themeFeatures.useNewSearchPage": false })).status).toBe(
      204,
    );
    try {
      expect(await formOf()).toContain('type="search" name="search" required');
    } finally {
      await admin.patch("/api/v2/config", { "themeFeatures.useNewSearchPage": true });
    }
  });
});
