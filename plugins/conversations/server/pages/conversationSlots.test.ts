import { serverApplications } from "@applications/serverApplications";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";

describe.each(testDialects)("the conversations add-on's page slots (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let reader: TestClient;
  let discussionUrl: string;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    reader = (await sessionClient(testApp, { name: "SlotReader" })).client;
    const author = await sessionClient(testApp, { name: "SlotAuthor" });
    const body = (text: string) => ({
      body: JSON.stringify([{ type: "p", children: [{ text }] }]),
      format: "rich2",
    });
    const category = await admin.post<{ categoryID: number }>("/api/v2/categories", {
      name: "Slot Tests",
      urlcode: "slot-tests",
    });
    const discussion = await author.client.post<{ discussionID: number; url: string }>(
      "/api/v2/discussions",
      {
        name: "Shared around",
        categoryID: category.body.categoryID,
        ...body("Worth sharing"),
      },
    );
    expect(discussion.status).toBe(201);
    const comment = await author.client.post("/api/v2/comments", {
      discussionID: discussion.body.discussionID,
      ...body("A comment to share"),
    });
    expect(comment.status).toBe(201);
    discussionUrl = new URL(discussion.body.url).pathname;
  });
  afterAll(() => testApp.close());

  const setEnabled = async (enabled: boolean) =>
    expect((await admin.patch("/api/v2/addons/conversations", { enabled })).status).toBe(200);

  it("puts Share In Message in every post's Share menu only while the add-on runs", async () => {
    const enabled = (await reader.get(discussionUrl)).text;
    // The discussion and its comment: one item each, the same node (its link is the Share menu's post).
    expect(enabled.match(/\{"\$reactComponent":"ShareInMessage","\$reactProps":\{\}\}/g)).toHaveLength(2);

    await setEnabled(false);
    try {
      const disabled = (await reader.get(discussionUrl)).text;
      expect(disabled).toContain("PostActions");
      expect(disabled).not.toContain("ShareInMessage");
      expect(disabled).not.toContain("/messages");
    } finally {
      await setEnabled(true);
    }
    expect((await reader.get(discussionUrl)).text).toContain("ShareInMessage");
  });

  it("puts Message on another member's profile only while the add-on runs", async () => {
    const enabled = (await reader.get("/profile/SlotAuthor")).text;
    expect(enabled).toContain('<a class="button button-primary" href="/messages/add/SlotAuthor">Message</a>');
    expect((await reader.get("/profile/SlotReader")).text).not.toContain("/messages/add");

    await setEnabled(false);
    try {
      const disabled = (await reader.get("/profile/SlotAuthor")).text;
      expect(disabled).toContain("profileHeader");
      expect(disabled).not.toContain("/messages");
    } finally {
      await setEnabled(true);
    }
  });

  it("offers neither while private conversations are switched off", async () => {
    expect((await admin.patch("/api/v2/config", { "context.conversationsEnabled": false })).status).toBe(204);
    await testApp.context.settings.refresh();
    try {
      expect((await reader.get(discussionUrl)).text).not.toContain("ShareInMessage");
      expect((await reader.get("/profile/SlotAuthor")).text).not.toContain("/messages/add");
    } finally {
      await admin.patch("/api/v2/config", { "context.conversationsEnabled": true });
      await testApp.context.settings.refresh();
    }
  });
});
