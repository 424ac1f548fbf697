import type { TestUser } from "@library/server/testing/factories";
import {
  sitePath,
  testDialects,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
} from "@library/server/testing/testApp";
import {
  conversationRowCounts,
  conversationsClient,
  createConversationsTestApp,
  sendMessage,
  setSetting,
  startConversation,
} from "../testing/conversationsTesting";

describe.each(testDialects)("conversations pages on %s", (dialect) => {
  let testApp: TestApp;
  let alice: { client: TestClient; user: TestUser };
  let bob: { client: TestClient; user: TestUser };
  let carol: { client: TestClient; user: TestUser };

  beforeAll(async () => {
    testApp = await createConversationsTestApp(dialect);
    alice = await conversationsClient(testApp);
    bob = await conversationsClient(testApp, { name: "Bob Builder" });
    carol = await conversationsClient(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, client?: TestClient) => (client ?? testApp.guest()).page(url);
  const postForm = (
    url: string,
    client: TestClient,
    form: Record<string, string>,
    referer = `${TEST_ORIGIN}/`,
  ) =>
    testApp.app.inject({
      method: "POST",
      url,
      headers: {
        host: "localhost:80",
        cookie: `forum_session=${client.cookie ?? ""}`,
        referer,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: new URLSearchParams(form).toString(),
    });

  it("sends guests to sign-in from every page", async () => {
    for (const url of ["/messages", "/messages/1", "/messages/add", "/messages/add/someone"]) {
      const response = await get(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/entry/signin?Target=${encodeURIComponent(url)}`);
    }
  });

  it("lists the inbox with unread conversations marked and a New Message link", async () => {
    const conversation = await startConversation(bob.client, [alice.user.userID], "Hi <b>Alice</b>", {
      name: "Lunch <script>",
    });
    const response = await get("/messages", alice.client);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`href="${sitePath(conversation.url)}"`);
    expect(response.body).toContain("Lunch &lt;script&gt;");
    expect(response.body).not.toContain("Lunch <script>");
    expect(response.body).toContain("conversationList-item isUnread");
    expect(response.body).toContain('href="/messages/add"');
    expect((await get("/messages", carol.client)).body).toContain("There are no messages yet.");
  });

  it("shows a thread to participants, marks it read, and mounts the reply widget", async () => {
    const conversation = await startConversation(bob.client, [alice.user.userID], "Thread body text");
    await sendMessage(bob.client, conversation.conversationID, "Second message");
    const response = await get(conversation.url, alice.client);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Thread body text");
    expect(response.body).toContain("Second message");
    expect(response.body).toContain('data-react="ConversationReply"');
    expect(response.body).toContain(`action="/messages/${conversation.conversationID}"`);
    const after = await alice.client.get<{ countUnread: number }>(
      `/api/v2/conversations/${conversation.conversationID}`,
    );
    expect(after.body.countUnread).toBe(0);
  });

  it("names every participant, linked, and mounts the people widget with Add People only for conversations.add", async () => {
    const conversation = await startConversation(
      bob.client,
      [alice.user.userID, carol.user.userID],
      "Three of us",
    );
    const response = await get(conversation.url, alice.client);
    const mount = /data-react="ConversationParticipants" data-props='([^']*)'/.exec(response.body);
    expect(mount).not.toBeNull();
    const props = JSON.parse(
      (mount?.[1] ?? "{}").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&"),
    ) as { conversationID: number; participants: { name: string; url: string }[]; canAdd: boolean };
    expect(props.conversationID).toBe(conversation.conversationID);
    expect(props.participants.map((person) => person.name).sort()).toEqual(
      [alice.user.name, bob.user.name, carol.user.name].sort(),
    );
    expect(props.canAdd).toBe(true);
    expect(response.body).toContain(
      `<a href="/profile/${encodeURIComponent(bob.user.name)}" dir="auto">Bob Builder</a>`,
    );
  });

  it("names a deleted participant 'User Deleted' as plain text, never a link to a profile that is gone", async () => {
    const leaving = await conversationsClient(testApp, { name: "Dora Leaving" });
    const conversation = await startConversation(leaving.client, [alice.user.userID], "Before I go");
    await testApp.context.db
      .updateTable("users")
      .set({ deleted: 1 })
      .where("userID", "=", leaving.user.userID)
      .execute();
    const response = await get(conversation.url, alice.client);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Before I go");
    expect(response.body).toContain('<span class="userName">User Deleted</span>');
    expect(response.body).toMatch(/conversationPage-participants">[^\n]*<span>User Deleted<\/span>/);
    expect(response.body).not.toContain('href=""');
    expect(response.body).not.toContain("Dora Leaving");
  });

  it("gives non-participants the permission page and unknown threads the not-found page", async () => {
    const conversation = await startConversation(bob.client, [alice.user.userID], "Secret words");
    const intruder = await get(conversation.url, carol.client);
    expect(intruder.statusCode).toBe(403);
    expect(intruder.body).toContain("Permission Problem");
    expect(intruder.body).not.toContain("Secret words");
    expect((await get("/messages/999999", alice.client)).statusCode).toBe(404);
    expect((await get("/messages/abc", alice.client)).statusCode).toBe(404);
    expect((await get(`${conversation.url}?page=9`, alice.client)).statusCode).toBe(404);
    const before = await conversationRowCounts(testApp.context);
    const write = await postForm(conversation.url, carol.client, { body: "let me in" });
    expect(write.statusCode).toBe(400);
    expect(await conversationRowCounts(testApp.context)).toEqual(before);
  });

  it("replies without JavaScript through the thread's form", async () => {
    const conversation = await startConversation(bob.client, [alice.user.userID], "No JS");
    const response = await postForm(conversation.url, alice.client, { body: "Plain **reply**" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(
      new RegExp(`^/messages/${conversation.conversationID}#Message_\\d+$`),
    );
    const page = await get(conversation.url, bob.client);
    expect(page.body).toContain("Plain <strong>reply</strong>");
    const empty = await postForm(conversation.url, alice.client, { body: "" });
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain("formGroup-errors");
    const foreign = await postForm(conversation.url, alice.client, { body: "x" }, "http://evil.example/");
    expect(foreign.statusCode).toBe(403);
  });

  it("prefills the new-message form from {name} and ?content", async () => {
    const byName = await get("/messages/add/Bob%20Builder", alice.client);
    expect(byName.statusCode).toBe(200);
    expect(byName.body).toContain('data-react="NewConversationForm"');
    expect(byName.body).toContain('value="Bob Builder"');
    // The widget's props carry the resolved recipient (however the attribute is quoted).
    expect(byName.body.replace(/&quot;/g, '"')).toContain(
      `"recipients":[{"userID":${bob.user.userID},"name":"Bob Builder"}]`,
    );
    expect(byName.body).toContain('action="/messages/add/Bob%20Builder"');
    const shared = await get(
      `/messages/add?content=${encodeURIComponent("Look: http://localhost/discussion/1 <b>")}`,
      alice.client,
    );
    expect(shared.statusCode).toBe(200);
    expect(shared.body).toContain("Look: http://localhost/discussion/1 &lt;b&gt;</textarea>");
    expect(shared.body).toContain('action="/messages/add"');
  });

  it("starts a conversation without JavaScript and redirects to it", async () => {
    const before = await conversationRowCounts(testApp.context);
    const unknown = await postForm("/messages/add", alice.client, { recipients: "Nobody Here", body: "hi" });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain("Nobody Here");
    const empty = await postForm("/messages/add", alice.client, { recipients: "Bob Builder", body: "" });
    expect(empty.statusCode).toBe(422);
    expect(await conversationRowCounts(testApp.context)).toEqual(before);

    const response = await postForm("/messages/add/Bob%20Builder", alice.client, {
      recipients: "bob builder",
      name: "From the form",
      body: "Sent **without** scripts",
    });
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/messages\/\d+$/);
    const thread = await get(location, bob.client);
    expect(thread.body).toContain("From the form");
    expect(thread.body).toContain("Sent <strong>without</strong> scripts");
  });

  it("refuses the new-message page to members without conversations.add", async () => {
    const applicant = await conversationsClient(testApp, { role: "Applicant" });
    expect((await get("/messages/add", applicant.client)).statusCode).toBe(403);
    const before = await conversationRowCounts(testApp.context);
    const post = await postForm("/messages/add", applicant.client, { recipients: "Bob Builder", body: "hi" });
    expect(post.statusCode).toBe(403);
    expect(await conversationRowCounts(testApp.context)).toEqual(before);
  });

  it("answers 404 on every page while conversations are disabled, and a refused form writes nothing", async () => {
    const conversation = await startConversation(alice.client, [bob.user.userID], "Before the switch");
    await setSetting(testApp, "context.conversationsEnabled", false);
    try {
      for (const url of ["/messages", "/messages/1", "/messages/add", "/messages/add/Bob"])
        expect((await get(url, alice.client)).statusCode).toBe(404);
      const before = await conversationRowCounts(testApp.context);
      const notificationsBefore = await testApp.context.db
        .selectFrom("notifications")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      for (const [url, form] of [
        [`/messages/${conversation.conversationID}`, { body: "after the switch" }],
        ["/messages/add", { recipients: "Bob Builder", body: "after the switch" }],
        ["/messages/add/Bob%20Builder", { body: "after the switch" }],
      ] as const) {
        const refused = await postForm(url, alice.client, form);
        expect(refused.statusCode).toBe(404);
      }
      await testApp.context.jobs.drain();
      expect(await conversationRowCounts(testApp.context)).toEqual(before);
      const notificationsAfter = await testApp.context.db
        .selectFrom("notifications")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(notificationsAfter.count)).toBe(Number(notificationsBefore.count));
      const page = await get("/discussions", alice.client);
      expect(page.body).not.toContain('href="/messages"');
    } finally {
      await setSetting(testApp, "context.conversationsEnabled", true);
    }
  });
});
