import type { Discussion } from "@forum/api/discussions";
import type { HydratedLayout } from "@forum/api/layouts";
import { serverApplications } from "@applications/serverApplications";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";

const MOUNT_POINT = `data-react="ExampleGreeting" data-props='{"greeting":"Welcome to the discussion!"}'`;
const NODE = { $reactComponent: "ExampleGreeting", $reactProps: { greeting: "Welcome to the discussion!" } };

describe.each(testDialects)("the example add-on's page-slot widget (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let discussion: Discussion;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    const category = await admin.post<{ categoryID: number }>("/api/v2/categories", {
      name: "Greetings",
      urlcode: "greetings",
    });
    const created = await admin.post<Discussion>("/api/v2/discussions", {
      name: "Say hello",
      body: "Hello.",
      format: "markdown",
      categoryID: category.body.categoryID,
    });
    expect(created.status).toBe(201);
    discussion = created.body;
  });
  afterAll(() => testApp.close());

  const serverPage = async () =>
    (await testApp.app.inject({ url: discussion.url, headers: { host: "localhost:80" } })).body;
  const layoutNodes = async () => {
    const response = await testApp
      .guest()
      .get<HydratedLayout>(
        `/api/v2/layouts/lookup-hydrate?layoutViewType=post&recordType=discussion&recordID=${discussion.discussionID}`,
      );
    expect(response.status).toBe(200);
    return response.body.layout[0]?.$reactProps as { children: unknown[] };
  };

  it("is on neither the server page nor the layout while the add-on is off", async () => {
    expect(await serverPage()).not.toContain('data-react="ExampleGreeting"');
    expect(JSON.stringify(await layoutNodes())).not.toContain("ExampleGreeting");
  });

  it("once enabled, follows the original post on the server page and in the layout", async () => {
    expect((await admin.patch("/api/v2/addons/example", { enabled: true })).status).toBe(200);
    try {
      const html = await serverPage();
      expect(html).toContain(MOUNT_POINT);
      expect(html.indexOf(MOUNT_POINT)).toBeGreaterThan(
        html.indexOf(`id="Discussion_${discussion.discussionID}"`),
      );
      const children = (await layoutNodes()).children as { $reactComponent: string }[];
      const position = children.findIndex((child) => child.$reactComponent === "ExampleGreeting");
      expect(children[position]).toEqual(NODE);
      expect(children[position - 1]?.$reactComponent).toBe("OriginalPostAsset");
    } finally {
      await admin.patch("/api/v2/addons/example", { enabled: false });
    }
    expect(await serverPage()).not.toContain('data-react="ExampleGreeting"');
  });
});
