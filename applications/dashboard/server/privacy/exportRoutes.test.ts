import { serverApplications } from "@applications/serverApplications";
import { sessionClient } from "@library/server/testing/factories";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";

interface Archive {
  format: number;
  userID: number;
  dashboard: {
    profile: Record<string, unknown>;
    roles: string[];
    sessions: unknown[];
    notifications: unknown[];
  };
  forum: { discussions: { name: string }[]; comments: { body: string }[]; bookmarks: number[] };
  conversations: { conversations: unknown[]; messages: { body: string }[] };
}

describe.each(testDialects)("download my data (%s)", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications);
  });
  afterAll(() => testApp.close());

  it("gives a member every part the site keeps about them, and nothing of anyone else's", async () => {
    const admin = await sessionClient(testApp, { role: "Administrator" });
    const member = await sessionClient(testApp, { name: "Exporter", email: "exporter@example.com" });
    const other = await sessionClient(testApp);
    const category = await admin.client.post<{ categoryID: number }>("/api/v2/categories", {
      name: "Export",
      urlcode: "export",
    });
    const discussion = await member.client.post<{ discussionID: number }>("/api/v2/discussions", {
      categoryID: category.body.categoryID,
      name: "My own thread",
      body: "My words",
      format: "text",
    });
    await other.client.post("/api/v2/comments", {
      discussionID: discussion.body.discussionID,
      body: "Someone else's words",
      format: "text",
    });
    await member.client.post("/api/v2/comments", {
      discussionID: discussion.body.discussionID,
      body: "My reply",
      format: "text",
    });
    await member.client.put(`/api/v2/discussions/${discussion.body.discussionID}/bookmark`, {
      bookmarked: true,
    });
    const conversation = await member.client.post<{ conversationID: number }>("/api/v2/conversations", {
      participantUserIDs: [other.user.userID],
      initialBody: "A private hello",
      initialFormat: "text",
    });
    await other.client.post("/api/v2/messages", {
      conversationID: conversation.body.conversationID,
      body: "The other side's reply",
      format: "text",
    });

    const response = await member.client.get<Archive>("/api/v2/users/$me/export");
    expect(response.status).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="personal-data-\d+-\d{4}-\d\d-\d\d\.json"$/,
    );
    const archive = response.body;
    expect(archive).toMatchObject({ format: 1, userID: member.user.userID });
    expect(archive.dashboard.profile).toMatchObject({ name: "Exporter", email: "exporter@example.com" });
    expect(archive.dashboard.profile).not.toHaveProperty("password");
    expect(archive.dashboard.roles).toEqual(["Member"]);
    expect(archive.dashboard.sessions).toHaveLength(1);
    expect(archive.forum.discussions.map((item) => item.name)).toEqual(["My own thread"]);
    expect(archive.forum.comments.map((item) => item.body)).toEqual(["My reply"]);
    expect(archive.forum.bookmarks).toEqual([discussion.body.discussionID]);
    expect(archive.conversations.conversations).toHaveLength(1);
    expect(archive.conversations.messages.map((item) => item.body)).toEqual(["A private hello"]);
    expect(response.text).not.toContain("Someone else's words");
    expect(response.text).not.toContain("The other side's reply");
    expect(response.text).not.toContain(member.client.cookie ?? "no cookie");
  });

  it("lets users.edit export anyone, and nobody else", async () => {
    const admin = await sessionClient(testApp, { role: "Administrator" });
    const member = await sessionClient(testApp);
    const other = await sessionClient(testApp);
    expect((await other.client.get(`/api/v2/users/${member.user.userID}/export`)).status).toBe(403);
    expect((await testApp.guest().get(`/api/v2/users/${member.user.userID}/export`)).status).toBe(403);
    expect((await admin.client.get(`/api/v2/users/${member.user.userID}/export`)).status).toBe(200);
    expect((await admin.client.get("/api/v2/users/987654/export")).status).toBe(404);
  });
});
