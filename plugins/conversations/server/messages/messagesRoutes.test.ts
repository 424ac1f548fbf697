import type { ApiErrorBody } from "@forum/api/common";
import type { Conversation, Message } from "../../api/conversationsApi";
import type { TestUser } from "@library/server/testing/factories";
import { testDialects, type TestApp, type TestClient } from "@library/server/testing/testApp";
import {
  conversationRowCounts,
  conversationsClient,
  createConversationsTestApp,
  rich2,
  sendMessage,
  setSetting,
  startConversation,
} from "../testing/conversationsTesting";
import { prepareMessageBody } from "../conversations/conversationBodies";
import { notifyMessageJob } from "./conversationNotifications";
import { insertMessage } from "./messageWrites";

describe.each(testDialects)("messages API on %s", (dialect) => {
  let testApp: TestApp;
  let alice: { client: TestClient; user: TestUser };
  let bob: { client: TestClient; user: TestUser };
  let mallory: { client: TestClient; user: TestUser };
  let admin: { client: TestClient; user: TestUser };
  let conversation: Conversation;

  beforeAll(async () => {
    testApp = await createConversationsTestApp(dialect);
    alice = await conversationsClient(testApp);
    bob = await conversationsClient(testApp);
    mallory = await conversationsClient(testApp);
    admin = await conversationsClient(testApp, { role: "Administrator" });
    conversation = await startConversation(alice.client, [bob.user.userID], "first <b>message</b>");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("replies with rich2 by default and renders the body (201)", async () => {
    const response = await bob.client.post<Message>("/api/v2/messages", {
      conversationID: conversation.conversationID,
      body: rich2("Hi <script>alert(1)</script>"),
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      conversationID: conversation.conversationID,
      format: "rich2",
      insertUserID: bob.user.userID,
      insertUser: { name: bob.user.name },
    });
    expect(response.body.body).toContain("Hi &lt;script&gt;");
    const markdown = await bob.client.post<Message>("/api/v2/messages", {
      conversationID: conversation.conversationID,
      body: "**bold**",
      format: "markdown",
    });
    expect(markdown.body.body).toContain("<strong>bold</strong>");
  });

  it("lists a conversation's messages oldest first with a numbered pager", async () => {
    const response = await alice.client.get<Message[]>(
      `/api/v2/messages?conversationID=${conversation.conversationID}&limit=2&expand=insertUser`,
    );
    expect(response.status).toBe(200);
    expect(response.body.map((message) => message.insertUserID)).toEqual([
      alice.user.userID,
      bob.user.userID,
    ]);
    expect(response.body[0]?.body).toContain("first &lt;b&gt;message&lt;/b&gt;");
    expect(response.body[0]?.insertUser?.name).toBe(alice.user.name);
    expect(response.headers["x-app-page-result-count"]).toBe("3");
    expect(response.headers["x-app-page-next-url"]).toContain("page=2");
    const byBob = await alice.client.get<Message[]>(
      `/api/v2/messages?conversationID=${conversation.conversationID}&insertUserID=${bob.user.userID}`,
    );
    expect(byBob.body).toHaveLength(2);
    expect(byBob.headers["x-app-page-result-count"]).toBe("2");
  });

  it("reads one message for participants only", async () => {
    const [first] = (
      await alice.client.get<Message[]>(`/api/v2/messages?conversationID=${conversation.conversationID}`)
    ).body;
    const url = `/api/v2/messages/${first?.messageID ?? 0}`;
    const read = await bob.client.get<Message>(`${url}?expand=all`);
    expect(read.status).toBe(200);
    expect(read.body.insertUser?.name).toBe(alice.user.name);
    expect((await mallory.client.get(url)).status).toBe(403);
    expect((await admin.client.get(url)).status).toBe(403);
    expect((await testApp.guest().get(url)).status).toBe(403);
    const missing = await bob.client.get<ApiErrorBody>("/api/v2/messages/999999");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Message not found.");
  });

  it("never lets a non-participant read another's messages, even an administrator", async () => {
    const list = `/api/v2/messages?conversationID=${conversation.conversationID}`;
    for (const client of [mallory.client, admin.client]) {
      expect((await client.get(list)).status).toBe(403);
      expect((await client.get(`/api/v2/conversations/${conversation.conversationID}`)).status).toBe(403);
      const own = await client.get<Conversation[]>("/api/v2/conversations");
      expect(own.body.map((item) => item.conversationID)).not.toContain(conversation.conversationID);
    }
    expect((await testApp.guest().get(list)).status).toBe(403);
    expect((await mallory.client.get("/api/v2/messages?conversationID=999999")).status).toBe(404);
  });

  it("needs conversationID unless moderating, and lets moderators read only with moderation enabled", async () => {
    const missing = await alice.client.get<ApiErrorBody>("/api/v2/messages");
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.[0]?.field).toBe("conversationID");
    expect((await admin.client.get("/api/v2/messages")).status).toBe(422);
    await setSetting(testApp, "conversations.moderation.allow", true);
    try {
      const all = await admin.client.get<Message[]>(`/api/v2/messages?insertUserID=${alice.user.userID}`);
      expect(all.status).toBe(200);
      expect(all.body.every((message) => message.insertUserID === alice.user.userID)).toBe(true);
      const thread = await admin.client.get<Message[]>(
        `/api/v2/messages?conversationID=${conversation.conversationID}`,
      );
      expect(thread.status).toBe(200);
      expect(
        (await mallory.client.get(`/api/v2/messages?conversationID=${conversation.conversationID}`)).status,
      ).toBe(403);
      // Moderators read, but still cannot write into others' conversations.
      const write = await admin.client.post<ApiErrorBody>("/api/v2/messages", {
        conversationID: conversation.conversationID,
        body: rich2("moderator"),
      });
      expect(write.status).toBe(400);
    } finally {
      await setSetting(testApp, "conversations.moderation.allow", false);
    }
  });

  it("refuses writes from non-participants (400), guests (403), unknown conversations (404), bad bodies (422)", async () => {
    const before = await conversationRowCounts(testApp.context);
    const post = (client: TestClient, body: Record<string, unknown>) =>
      client.post<ApiErrorBody>("/api/v2/messages", body);
    const intruder = await post(mallory.client, {
      conversationID: conversation.conversationID,
      body: rich2("hi"),
    });
    expect(intruder.status).toBe(400);
    expect(intruder.body.message).toBe(
      "You can not add a message to a conversation that you are not a participant of.",
    );
    expect(
      (await post(admin.client, { conversationID: conversation.conversationID, body: rich2("hi") })).status,
    ).toBe(400);
    expect(
      (await post(testApp.guest(), { conversationID: conversation.conversationID, body: rich2("hi") }))
        .status,
    ).toBe(403);
    expect((await post(alice.client, { conversationID: 999999, body: rich2("hi") })).status).toBe(404);
    const fields = async (body: Record<string, unknown>) => {
      const response = await post(alice.client, body);
      expect(response.status).toBe(422);
      return (response.body.errors ?? []).map((error) => error.field);
    };
    expect(await fields({ body: rich2("hi") })).toContain("conversationID");
    expect(await fields({ conversationID: conversation.conversationID })).toContain("body");
    expect(await fields({ conversationID: conversation.conversationID, body: "" })).toContain("body");
    expect(
      await fields({ conversationID: conversation.conversationID, body: "x".repeat(2001), format: "text" }),
    ).toEqual(["body"]);
    expect(await fields({ conversationID: conversation.conversationID, body: "not json" })).toEqual(["body"]);
    expect(
      await fields({ conversationID: conversation.conversationID, body: "hi", format: "bbcode" }),
    ).toContain("format");
    expect(await conversationRowCounts(testApp.context)).toEqual(before);
  });

  it("accepts exactly 2000 characters", async () => {
    const response = await alice.client.post("/api/v2/messages", {
      conversationID: conversation.conversationID,
      body: "y".repeat(2000),
      format: "text",
    });
    expect(response.status).toBe(201);
  });

  it("moves the conversation's last message and unread count for the others", async () => {
    const fresh = await startConversation(alice.client, [bob.user.userID], "start");
    await bob.client.get(`/api/v2/messages?conversationID=${fresh.conversationID}`);
    const reply = await sendMessage(alice.client, fresh.conversationID, "the latest words");
    const asBob = await bob.client.get<Conversation>(`/api/v2/conversations/${fresh.conversationID}`);
    expect(asBob.body).toMatchObject({
      countMessages: 2,
      countUnread: 1,
      unread: true,
      body: "the latest words",
      lastMessage: { insertUserID: alice.user.userID, dateInserted: reply.dateInserted },
    });
    const asAlice = await alice.client.get<Conversation>(`/api/v2/conversations/${fresh.conversationID}`);
    expect(asAlice.body.countUnread).toBe(0);
  });

  it("keeps the last message on the newest and the count exact when messages commit together", async () => {
    const busy = await startConversation(alice.client, [bob.user.userID], "start");
    const stored = prepareMessageBody("rich2", rich2("burst"));
    for (let round = 0; round < 5; round += 1) {
      // Writes straight into concurrent transactions (as several server processes would), without HTTP between.
      await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          testApp.context.db
            .transaction()
            .execute((trx) =>
              insertMessage(
                trx,
                testApp.context.jobs,
                busy.conversationID,
                (index % 2 === 0 ? alice : bob).user.userID,
                stored,
                new Date().toISOString(),
              ),
            ),
        ),
      );
      const row = await testApp.context.db
        .selectFrom("conversations")
        .select(["lastMessageID", "countMessages"])
        .where("conversationID", "=", busy.conversationID)
        .executeTakeFirstOrThrow();
      const newest = await testApp.context.db
        .selectFrom("messages")
        .select((eb) => [eb.fn.max("messageID").as("maxID"), eb.fn.countAll<number>().as("count")])
        .where("conversationID", "=", busy.conversationID)
        .executeTakeFirstOrThrow();
      expect({ round, lastMessageID: row.lastMessageID }).toEqual({
        round,
        lastMessageID: Number(newest.maxID),
      });
      expect(row.countMessages).toBe(Number(newest.count));
    }
  });

  it("notifies every other participant of a new message, never the sender", async () => {
    const fresh = await startConversation(alice.client, [bob.user.userID, mallory.user.userID], "group");
    const reply = await sendMessage(bob.client, fresh.conversationID, "Hello group");
    const rows = await testApp.context.db
      .selectFrom("notifications")
      .select(["userID", "activityType", "recordType", "recordID", "url", "body"])
      .where("recordType", "=", "conversation")
      .where("recordID", "=", fresh.conversationID)
      .where("url", "=", `/messages/${fresh.conversationID}#Message_${reply.messageID}`)
      .orderBy("userID")
      .execute();
    expect(rows.map((row) => row.userID).sort((a, b) => a - b)).toEqual(
      [alice.user.userID, mallory.user.userID].sort((a, b) => a - b),
    );
    expect(rows.every((row) => row.activityType === "ConversationMessage")).toBe(true);
    expect(rows[0]?.body).toContain(`<b>${bob.user.name}</b>`);
  });

  it("notifies each participant of a message once, even when its job runs again after a crash", async () => {
    const fresh = await startConversation(alice.client, [bob.user.userID], "once");
    const reply = await sendMessage(bob.client, fresh.conversationID, "Only once, please");
    const notificationsOfReply = async () =>
      (
        await testApp.context.db
          .selectFrom("notifications")
          .select("userID")
          .where("url", "=", `/messages/${fresh.conversationID}#Message_${reply.messageID}`)
          .execute()
      ).map((row) => row.userID);
    expect(await notificationsOfReply()).toEqual([alice.user.userID]);
    // The job stored its notifications, then its process died before the job was marked done: it runs again.
    await notifyMessageJob(testApp.context, {
      conversationID: fresh.conversationID,
      messageID: reply.messageID,
      senderID: bob.user.userID,
    });
    expect(await notificationsOfReply()).toEqual([alice.user.userID]);
  });

  it("counts a new private message once in the header: in the messages badge, not again in the notifications badge", async () => {
    const reader = await conversationsClient(testApp);
    const counts = async () =>
      Object.fromEntries(
        (
          await reader.client.get<{ counts: { name: string; count: number }[] }>("/api/v2/users/me-counts")
        ).body.counts.map(({ name, count }) => [name, count]),
      );
    const fresh = await startConversation(alice.client, [reader.user.userID], "just once");
    await sendMessage(alice.client, fresh.conversationID, "Still once");
    expect(await counts()).toMatchObject({ UnreadNotifications: 0, UnreadConversations: 1 });
    const me = await reader.client.get<{
      countUnreadNotifications: number;
      countUnreadConversations: number;
    }>("/api/v2/users/me");
    expect(me.body).toMatchObject({ countUnreadNotifications: 0, countUnreadConversations: 1 });
    // The notification is still in the member's list, unread until the conversation is read.
    const listed =
      await reader.client.get<{ activityType: string; read: boolean }[]>("/api/v2/notifications");
    expect(listed.body.map(({ activityType, read }) => ({ activityType, read }))).toEqual([
      { activityType: "ConversationMessage", read: false },
      { activityType: "ConversationMessage", read: false },
    ]);
    // A comment notification still counts in the notifications badge.
    await testApp.context.db
      .insertInto("notifications")
      .values({
        userID: reader.user.userID,
        activityType: "Comment",
        recordType: "comment",
        recordID: 1,
        url: "/discussion/comment/1",
        body: "A reply",
        photoUrl: null,
        discussionID: null,
        actorUserID: null,
        reason: null,
        count: 1,
        read: 0,
        dateInserted: new Date().toISOString(),
        dateUpdated: new Date().toISOString(),
        sourceKey: null,
      })
      .execute();
    expect(await counts()).toMatchObject({ UnreadNotifications: 1, UnreadConversations: 1 });

    expect((await reader.client.get(`/api/v2/messages?conversationID=${fresh.conversationID}`)).status).toBe(
      200,
    );
    expect(await counts()).toMatchObject({ UnreadNotifications: 1, UnreadConversations: 0 });
    const afterReading =
      await reader.client.get<{ activityType: string; read: boolean }[]>("/api/v2/notifications");
    expect(
      afterReading.body.filter((row) => row.activityType === "ConversationMessage").map((row) => row.read),
    ).toEqual([true, true]);
  });
});
