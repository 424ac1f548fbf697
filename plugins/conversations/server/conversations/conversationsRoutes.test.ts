import type { Conversation, Participant } from "../../api/conversationsApi";
import type { ApiErrorBody } from "@forum/api/common";
import { testDialects, TEST_ORIGIN, type TestApp, type TestClient } from "@library/server/testing/testApp";
import type { TestUser } from "@library/server/testing/factories";
import { sql } from "kysely";
import {
  conversationRowCounts,
  conversationsClient,
  createConversationsTestApp,
  rich2,
  sendMessage,
  setSetting,
  startConversation,
} from "../testing/conversationsTesting";

describe.each(testDialects)("conversations API on %s", (dialect) => {
  let testApp: TestApp;
  let alice: { client: TestClient; user: TestUser };
  let bob: { client: TestClient; user: TestUser };
  let carol: { client: TestClient; user: TestUser };
  let moderator: { client: TestClient; user: TestUser };

  beforeAll(async () => {
    testApp = await createConversationsTestApp(dialect);
    alice = await conversationsClient(testApp);
    bob = await conversationsClient(testApp);
    carol = await conversationsClient(testApp);
    moderator = await conversationsClient(testApp, { role: "Administrator" });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const meCount = async (client: TestClient) => {
    const response = await client.get<{ counts: { name: string; count: number }[] }>(
      "/api/v2/users/me-counts",
    );
    return response.body.counts.find((count) => count.name === "UnreadConversations")?.count;
  };

  it("starts a conversation with a subject and a first message (201)", async () => {
    const response = await alice.client.post<Conversation>("/api/v2/conversations?expand=all", {
      participantUserIDs: [bob.user.userID, alice.user.userID, bob.user.userID],
      name: "Plans",
      initialBody: rich2("Shall we meet?"),
      initialFormat: "rich2",
    });
    expect(response.status).toBe(201);
    const conversation = response.body;
    expect(conversation).toMatchObject({
      name: "Plans",
      body: "Shall we meet?",
      url: `${TEST_ORIGIN}/messages/${conversation.conversationID}`,
      insertUserID: alice.user.userID,
      countParticipants: 2,
      countMessages: 1,
      countUnread: 0,
      unread: false,
      lastMessage: { insertUserID: alice.user.userID },
    });
    expect(conversation.participants.map((participant) => participant.userID)).toEqual([
      alice.user.userID,
      bob.user.userID,
    ]);
    expect(conversation.participants[1]?.user?.name).toBe(bob.user.name);
  });

  it("names a conversation without a subject after the other participants", async () => {
    const conversation = await startConversation(alice.client, [bob.user.userID, carol.user.userID]);
    expect(conversation.name).toBe(`${bob.user.name}, ${carol.user.name}`);
    const asBob = await bob.client.get<Conversation>(`/api/v2/conversations/${conversation.conversationID}`);
    expect(asBob.body.name).toBe(`${alice.user.name}, ${carol.user.name}`);
    expect(asBob.body).toMatchObject({ countUnread: 1, unread: true });
  });

  it("starts a conversation without a first message", async () => {
    const response = await alice.client.post<Conversation>("/api/v2/conversations", {
      participantUserIDs: [carol.user.userID],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ countMessages: 0, body: "", lastMessage: null, unread: false });
  });

  it("refuses guests (403) and members without conversations.add (403), changing nothing", async () => {
    const before = await conversationRowCounts(testApp.context);
    const body = { participantUserIDs: [bob.user.userID], initialBody: rich2("x"), initialFormat: "rich2" };
    const guest = await testApp.guest().post<ApiErrorBody>("/api/v2/conversations", body);
    expect(guest.status).toBe(403);
    const applicant = await conversationsClient(testApp, { role: "Applicant" });
    const refused = await applicant.client.post<ApiErrorBody>("/api/v2/conversations", body);
    expect(refused.status).toBe(403);
    expect(refused.body.permissions).toContain("conversations.add");
    expect(await conversationRowCounts(testApp.context)).toEqual(before);
  });

  it("validates participants and bodies (422 by field), changing nothing", async () => {
    const before = await conversationRowCounts(testApp.context);
    const post = (body: Record<string, unknown>) =>
      alice.client.post<ApiErrorBody>("/api/v2/conversations", body);
    const fields = async (body: Record<string, unknown>) => {
      const response = await post(body);
      expect(response.status).toBe(422);
      return (response.body.errors ?? []).map((error) => error.field);
    };
    expect(await fields({})).toContain("participantUserIDs");
    expect(await fields({ participantUserIDs: [] })).toContain("participantUserIDs");
    const many = Array.from({ length: 51 }, (_, index) => index + 1000);
    expect(await fields({ participantUserIDs: many })).toContain("participantUserIDs");
    expect(await fields({ participantUserIDs: [999999] })).toEqual(["participantUserIDs"]);
    expect(await fields({ participantUserIDs: [alice.user.userID] })).toEqual(["participantUserIDs"]);
    const banned = await conversationsClient(testApp);
    await testApp.context.db
      .updateTable("users")
      .set({ banned: 1 })
      .where("userID", "=", banned.user.userID)
      .execute();
    expect(await fields({ participantUserIDs: [banned.user.userID] })).toEqual(["participantUserIDs"]);
    expect(await fields({ participantUserIDs: [bob.user.userID], initialBody: rich2("x") })).toEqual([
      "initialFormat",
    ]);
    expect(
      await fields({ participantUserIDs: [bob.user.userID], initialBody: "", initialFormat: "text" }),
    ).toContain("initialBody");
    expect(
      await fields({
        participantUserIDs: [bob.user.userID],
        initialBody: "x".repeat(2001),
        initialFormat: "text",
      }),
    ).toEqual(["initialBody"]);
    expect(
      await fields({ participantUserIDs: [bob.user.userID], initialBody: "hi", initialFormat: "bbcode" }),
    ).toContain("initialFormat");
    expect(await conversationRowCounts(testApp.context)).toEqual(before);
  });

  it("lists the session user's conversations, newest activity first, with a 'more' pager", async () => {
    const first = await startConversation(carol.client, [bob.user.userID], "older");
    const second = await startConversation(carol.client, [bob.user.userID], "newer");
    await sendMessage(carol.client, first.conversationID, "bump");
    const page = await carol.client.get<Conversation[]>("/api/v2/conversations?limit=2");
    expect(page.status).toBe(200);
    expect(page.body.map((conversation) => conversation.conversationID)).toEqual([
      first.conversationID,
      second.conversationID,
    ]);
    expect(page.headers["x-app-page-next-url"]).toContain("page=2");
    expect(page.headers["x-app-page-result-count"]).toBeUndefined();
    const withUsers = await carol.client.get<Conversation[]>(
      "/api/v2/conversations?expand=insertUser,lastInsertUser",
    );
    expect(withUsers.body[0]?.insertUser?.name).toBe(carol.user.name);
    expect(withUsers.body[0]?.lastMessage?.insertUser?.name).toBe(carol.user.name);
    expect((await testApp.guest().get("/api/v2/conversations")).status).toBe(403);
    expect((await carol.client.get("/api/v2/conversations?limit=101")).status).toBe(422);
  });

  it("lets only moderators (with moderation enabled) list or read other users' conversations", async () => {
    const conversation = await startConversation(alice.client, [bob.user.userID], "private");
    const other = `/api/v2/conversations?participantUserID=${alice.user.userID}`;
    expect((await carol.client.get(other)).status).toBe(403);
    expect((await moderator.client.get(other)).status).toBe(403);
    expect((await moderator.client.get(`/api/v2/conversations/${conversation.conversationID}`)).status).toBe(
      403,
    );
    await setSetting(testApp, "conversations.moderation.allow", true);
    try {
      const listed = await moderator.client.get<Conversation[]>(other);
      expect(listed.status).toBe(200);
      expect(listed.body.map((item) => item.conversationID)).toContain(conversation.conversationID);
      const byStarter = await moderator.client.get<Conversation[]>(
        `/api/v2/conversations?insertUserID=${alice.user.userID}`,
      );
      expect(byStarter.body.every((item) => item.insertUserID === alice.user.userID)).toBe(true);
      const read = await moderator.client.get<Conversation>(
        `/api/v2/conversations/${conversation.conversationID}`,
      );
      expect(read.status).toBe(200);
      expect(read.body.countUnread).toBe(0);
      expect((await carol.client.get(other)).status).toBe(403);
      expect((await carol.client.get(`/api/v2/conversations/${conversation.conversationID}`)).status).toBe(
        403,
      );
    } finally {
      await setSetting(testApp, "conversations.moderation.allow", false);
    }
  });

  it("GET /conversations/{id}: participants only; 404 for an unknown id; 403 for guests", async () => {
    const conversation = await startConversation(alice.client, [bob.user.userID]);
    const url = `/api/v2/conversations/${conversation.conversationID}`;
    expect((await alice.client.get(url)).status).toBe(200);
    expect((await bob.client.get(url)).status).toBe(200);
    expect((await carol.client.get(url)).status).toBe(403);
    expect((await testApp.guest().get(url)).status).toBe(403);
    const missing = await alice.client.get<ApiErrorBody>("/api/v2/conversations/999999");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe("Conversation not found.");
    expect((await alice.client.get("/api/v2/conversations/abc")).status).toBe(422);
  });

  it("lists and adds participants; non-participants can do neither", async () => {
    const conversation = await startConversation(alice.client, [bob.user.userID]);
    const url = `/api/v2/conversations/${conversation.conversationID}/participants`;
    const listed = await bob.client.get<Participant[]>(`${url}?expand=user`);
    expect(listed.status).toBe(200);
    expect(listed.headers["x-app-page-result-count"]).toBe("2");
    expect(listed.body.map((participant) => participant.user?.name)).toEqual([
      alice.user.name,
      bob.user.name,
    ]);
    expect((await carol.client.get(url)).status).toBe(403);
    expect((await bob.client.get(`${url}?limit=4`)).status).toBe(422);

    const before = await conversationRowCounts(testApp.context);
    expect(
      (await carol.client.post(url, { participantUserIDs: [carol.user.userID, bob.user.userID] })).status,
    ).toBe(403);
    expect((await bob.client.post(url, { participantUserIDs: [999999] })).status).toBe(422);
    expect((await testApp.guest().post(url, { participantUserIDs: [carol.user.userID] })).status).toBe(403);
    expect(
      (
        await bob.client.post("/api/v2/conversations/999999/participants", {
          participantUserIDs: [carol.user.userID],
        })
      ).status,
    ).toBe(404);
    expect(await conversationRowCounts(testApp.context)).toEqual(before);

    const added = await bob.client.post<Participant[]>(url, {
      participantUserIDs: [carol.user.userID, alice.user.userID],
    });
    expect(added.status).toBe(200);
    expect(added.body).toEqual([
      expect.objectContaining({ userID: carol.user.userID, status: "participating" }),
    ]);
    const asCarol = await carol.client.get<Conversation>(
      `/api/v2/conversations/${conversation.conversationID}`,
    );
    expect(asCarol.body).toMatchObject({ countParticipants: 3, countUnread: 1 });
  });

  it("leaving hides the conversation, stops access, and counts a participant less", async () => {
    const conversation = await startConversation(alice.client, [bob.user.userID], "bye");
    const url = `/api/v2/conversations/${conversation.conversationID}`;
    expect((await testApp.guest().delete(`${url}/leave`)).status).toBe(403);
    expect((await carol.client.delete(`${url}/leave`)).status).toBe(403);
    expect((await bob.client.delete("/api/v2/conversations/999999/leave")).status).toBe(404);
    const left = await bob.client.delete(`${url}/leave`);
    expect(left.status).toBe(204);
    const list = await bob.client.get<Conversation[]>("/api/v2/conversations");
    expect(list.body.map((item) => item.conversationID)).not.toContain(conversation.conversationID);
    expect((await bob.client.get(url)).status).toBe(403);
    expect(
      (await bob.client.get(`/api/v2/messages?conversationID=${conversation.conversationID}`)).status,
    ).toBe(403);
    expect((await bob.client.delete(`${url}/leave`)).status).toBe(403);
    const asAlice = await alice.client.get<Conversation>(url);
    expect(asAlice.body.countParticipants).toBe(1);
    const deleted = await alice.client.get<Participant[]>(`${url}/participants?status=deleted`);
    expect(deleted.body.map((participant) => participant.userID)).toEqual([bob.user.userID]);
  });

  it("counts unread conversations in me-counts and in the Me of the session user", async () => {
    const reader = await conversationsClient(testApp);
    expect(await meCount(reader.client)).toBe(0);
    const conversation = await startConversation(alice.client, [reader.user.userID], "one");
    await startConversation(alice.client, [reader.user.userID], "two");
    expect(await meCount(reader.client)).toBe(2);
    const me = await reader.client.get<{ countUnreadConversations: number; counts: Record<string, number> }>(
      "/api/v2/users/me",
    );
    expect(me.body.countUnreadConversations).toBe(2);
    expect(me.body.counts).toMatchObject({ UnreadConversations: 2 });
    expect(await meCount(alice.client)).toBe(0);
    const messages = await reader.client.get(
      `/api/v2/messages?conversationID=${conversation.conversationID}`,
    );
    expect(messages.status).toBe(200);
    expect(await meCount(reader.client)).toBe(1);
    const read = await reader.client.get<Conversation>(
      `/api/v2/conversations/${conversation.conversationID}`,
    );
    expect(read.body).toMatchObject({ countUnread: 0, unread: false });
    await sendMessage(alice.client, conversation.conversationID, "again");
    expect(await meCount(reader.client)).toBe(2);
    expect(
      (await testApp.guest().get<{ counts: { name: string; count: number }[] }>("/api/v2/users/me-counts"))
        .body.counts,
    ).toContainEqual({
      name: "UnreadConversations",
      count: 0,
    });
  });

  it("answers 404 to every call while conversations are disabled", async () => {
    const conversation = await startConversation(alice.client, [bob.user.userID]);
    const id = conversation.conversationID;
    const before = await conversationRowCounts(testApp.context);
    await setSetting(testApp, "context.conversationsEnabled", false);
    try {
      const calls = [
        alice.client.get("/api/v2/conversations"),
        alice.client.get(`/api/v2/conversations/${id}`),
        alice.client.post("/api/v2/conversations", { participantUserIDs: [bob.user.userID] }),
        alice.client.get(`/api/v2/conversations/${id}/participants`),
        alice.client.post(`/api/v2/conversations/${id}/participants`, {
          participantUserIDs: [carol.user.userID],
        }),
        alice.client.delete(`/api/v2/conversations/${id}/leave`),
        alice.client.get(`/api/v2/messages?conversationID=${id}`),
        alice.client.get("/api/v2/messages/1"),
        alice.client.post("/api/v2/messages", { conversationID: id, body: rich2("hi") }),
        alice.client.post("/api/v2/messages", {}),
      ];
      for (const response of await Promise.all(calls)) expect(response.status).toBe(404);
      expect(await meCount(bob.client)).toBe(0);
      expect(await conversationRowCounts(testApp.context)).toEqual(before);
    } finally {
      await setSetting(testApp, "context.conversationsEnabled", true);
    }
  });

  it("keeps counts consistent with the rows", async () => {
    const rows = await sql<{ conversationID: number; countMessages: number; actual: number }>`
      select c."conversationID", c."countMessages",
        (select count(*) from "messages" m where m."conversationID" = c."conversationID") as "actual"
      from "conversations" c`.execute(testApp.context.db);
    for (const row of rows.rows) expect(Number(row.actual)).toBe(row.countMessages);
  });
});
