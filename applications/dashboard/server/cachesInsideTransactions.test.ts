import { answerWithin, everyCacheReadRereads } from "@library/server/testing/cacheRereads";
import { sessionClient } from "@library/server/testing/factories";
import { createTestAppsSharingDatabase, testDialects, type TestApp } from "@library/server/testing/testApp";
import { dashboardApplication } from "./dashboardApplication";

// Caches that refresh themselves are asked inside transactions (library/server/db/readWithoutQueue.ts). On a
// file database, as a server opens SQLite.
describe.each(testDialects)("dashboard writes while caches refresh on %s", (dialect) => {
  let testApp: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const shared = await createTestAppsSharingDatabase(dialect, [dashboardApplication], 1);
    testApp = shared.apps[0] as TestApp;
    close = shared.close;
  });
  afterAll(async () => {
    await close();
  });

  it("answers when every read of settings and grants re-reads", async () => {
    const admin = await sessionClient(testApp, { role: "Administrator" });
    const restore = everyCacheReadRereads(testApp.context);
    try {
      const configured = await answerWithin(
        admin.client.patch("/api/v2/config", { "registration.method": "approval" }),
      );
      expect(configured.status).toBe(204);
      const registered = await answerWithin(
        testApp.guest().post("/api/v2/users/register", {
          name: "Hopeful",
          email: "hopeful@example.test",
          password: "a long password here",
        }),
      );
      expect(registered.status).toBe(202);
      const applicant = await testApp.context.db
        .selectFrom("users")
        .select("userID")
        .where("name", "=", "Hopeful")
        .executeTakeFirstOrThrow();
      const approved = await answerWithin(admin.client.post(`/api/v2/users/${applicant.userID}/approve`));
      expect(approved.status).toBe(200);
      const invited = await answerWithin(
        admin.client.post("/api/v2/invitations", { emails: ["friend@example.test"] }),
      );
      expect(invited.status).toBe(201);
      const navigation = await answerWithin(
        admin.client.put("/api/v2/navigation", {
          locale: "en",
          items: [{ id: "help", name: "Help", url: "/help" }],
        }),
      );
      expect(navigation.status).toBe(200);
      const titleBar = await answerWithin(admin.client.patch("/api/v2/title-bar", { height: 60 }));
      expect(titleBar.status).toBeLessThan(300);
    } finally {
      restore();
    }
  });
});
