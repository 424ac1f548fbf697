import { createTestUser } from "@library/server/testing/factories";
import { testDialects, type TestApp } from "@library/server/testing/testApp";
import { conversationRowCounts, createConversationsTestApp } from "../testing/conversationsTesting";
import { DEMO_CONVERSATION_MEMBERS, seedConversationsDemo } from "./conversationsSeed";

describe.each(testDialects)("conversations demo seed on %s", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createConversationsTestApp(dialect);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("skips quietly without the forum's demo members", async () => {
    await seedConversationsDemo(testApp.context);
    expect(await conversationRowCounts(testApp.context)).toEqual({
      conversations: 0,
      conversationParticipants: 0,
      messages: 0,
    });
  });

  it("starts one conversation between two demo members", async () => {
    for (const name of DEMO_CONVERSATION_MEMBERS) await createTestUser(testApp.context, { name });
    await seedConversationsDemo(testApp.context);
    expect(await conversationRowCounts(testApp.context)).toEqual({
      conversations: 1,
      conversationParticipants: 2,
      messages: 2,
    });
  });
});
