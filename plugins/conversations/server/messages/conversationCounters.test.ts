import { describeCounterChange } from "@library/server/db/counterRecount";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import {
  conversationsClient,
  createConversationsTestApp,
  sendMessage,
  startConversation,
} from "../testing/conversationsTesting";
import { recountConversations } from "./conversationCounters";

describe.each(testDialects)("conversation counters on %s", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createConversationsTestApp(dialect);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("stay exact when members reply and leave at once, and recount repairs corrupted ones", async () => {
    const alice = await conversationsClient(testApp);
    const bob = await conversationsClient(testApp);
    const carol = await conversationsClient(testApp);
    const conversation = await startConversation(alice.client, [bob.user.userID, carol.user.userID], "Hello");
    const id = conversation.conversationID;
    const statuses = await Promise.all([
      ...Array.from({ length: 6 }, (_, index) =>
        sendMessage(alice.client, id, `Reply ${index}`).then(() => 201),
      ),
      bob.client.delete(`/api/v2/conversations/${id}/leave`).then((response) => response.status),
      bob.client.delete(`/api/v2/conversations/${id}/leave`).then((response) => response.status),
    ]);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(await recountConversations(testApp.context)).toEqual([]);

    await testApp.context.db
      .updateTable("conversations")
      .set({ countMessages: 40, countParticipants: 0 })
      .where("conversationID", "=", id)
      .execute();
    expect((await recountConversations(testApp.context)).map(describeCounterChange)).toEqual([
      `conversations #${id} countMessages 40 → 7`,
      `conversations #${id} countParticipants 0 → 2`,
    ]);
    expect(await recountConversations(testApp.context)).toEqual([]);
  });
});
