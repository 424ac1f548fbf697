import { serverApplications } from "@applications/serverApplications";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import { startConversation } from "./testing/conversationsTesting";

describe.each(testDialects)("conversations as an add-on (%s)", (dialect) => {
  let testApp: TestApp;
  let admin: TestClient;
  let alice: TestClient;
  let bobID: number;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
    admin = (await sessionClient(testApp, { role: "Administrator" })).client;
    alice = (await sessionClient(testApp)).client;
    const bob = await sessionClient(testApp);
    bobID = bob.user.userID;
  });
  afterAll(() => testApp.close());

  it("disabling it removes the Messages menu, its pages and its API for everyone; enabling brings them back", async () => {
    const conversation = await startConversation(alice, [bobID], "Private hello");
    const page = await alice.get("/discussions");
    expect(page.text).toContain('href="/messages"');
    expect(page.text).toContain('"component":"MessagesDropDown"');

    expect((await admin.patch("/api/v2/addons/conversations", { enabled: false })).status).toBe(200);
    expect((await alice.get("/api/v2/conversations")).status).toBe(404);
    expect((await alice.get(`/messages/${conversation.conversationID}`)).status).toBe(404);
    const without = await alice.get("/discussions");
    expect(without.text).not.toContain('href="/messages"');
    expect(without.text).not.toContain('"conversations"');
    const config = await alice.get<Record<string, unknown>>("/api/v2/config");
    expect(config.body).not.toHaveProperty("context.conversationsEnabled");
    const counts = await alice.get<{ counts: { name: string; count: number }[] }>("/api/v2/users/me-counts");
    expect(counts.body.counts.map((count) => count.name)).not.toContain("UnreadConversations");
    const me = await alice.get<Record<string, unknown>>("/api/v2/users/me");
    expect(me.body).not.toHaveProperty("countUnreadConversations");
    expect(me.body.counts).not.toHaveProperty("UnreadConversations");

    expect((await admin.patch("/api/v2/addons/conversations", { enabled: true })).status).toBe(200);
    const back = await alice.get<{ conversationID: number }[]>("/api/v2/conversations");
    expect(back.body.map((row) => row.conversationID)).toContain(conversation.conversationID);
    expect((await alice.get("/discussions")).text).toContain('href="/messages"');
    const countsBack = await alice.get<{ counts: { name: string }[] }>("/api/v2/users/me-counts");
    // In the contract's order (API.md 4.2) among the other counters.
    const contractNames = ["UnreadNotifications", "UnreadConversations", "Bookmarks", "Drafts"];
    expect(
      countsBack.body.counts.map((count) => count.name).filter((name) => contractNames.includes(name)),
    ).toEqual(contractNames);
    const configBack = await alice.get<Record<string, unknown>>("/api/v2/config");
    expect(configBack.body["context.conversationsEnabled"]).toBe(true);
  });
});
