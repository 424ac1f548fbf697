import { serverApplications } from "@applications/serverApplications";
import { RATE_LIMITED_MESSAGE } from "@library/server/security/rateLimits";
import { createTestUser, sessionClient } from "@library/server/testing/factories";
import { createTestAppsSharingDatabase, testDialects, type TestApp } from "@library/server/testing/testApp";

/** Rate limits per action, counted in the database so they hold across server processes. */
describe.each(testDialects)("rate limits (%s)", (dialect) => {
  let first: TestApp;
  let second: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const shared = await createTestAppsSharingDatabase(dialect, serverApplications, 2, { rateLimits: true });
    [first, second] = shared.apps as [TestApp, TestApp];
    close = shared.close;
  });
  afterAll(() => close());

  const signIn = (app: TestApp, username: string) =>
    app.guest().post("/api/v2/authenticate/password", { username, password: "wrong password" });

  it("answers the 11th sign-in from one address in a minute with 429 and Retry-After, across processes", async () => {
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await signIn(first, `someone${attempt}`)).status).toBe(401);
    for (let attempt = 5; attempt < 10; attempt += 1)
      expect((await signIn(second, `someone${attempt}`)).status).toBe(401);
    const refused = await signIn(second, "someone10");
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: RATE_LIMITED_MESSAGE, status: 429 });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The no-script form shares the counter.
    const form = await first.app.inject({
      method: "POST",
      url: "/entry/signin",
      headers: {
        host: "localhost:80",
        referer: "http://localhost:80/",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "username=x&password=y",
    });
    expect(form.statusCode).toBe(429);
  });

  it("limits password requests per address, and an administrator can change the count", async () => {
    await createTestUser(first.context, { email: "limited@example.com" });
    const request = () =>
      first.guest().post("/api/v2/users/request-password", { email: "limited@example.com" });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await request()).status).toBe(201);
    expect((await request()).status).toBe(429);

    const { client: admin } = await sessionClient(first, { role: "Administrator" });
    expect((await admin.patch("/api/v2/config", { "rateLimits.passwordRequest": 0 })).status).toBe(204);
    await first.context.settings.refresh();
    expect((await request()).status).toBe(201);
  });

  it("limits messages per member; moderators are not limited", async () => {
    const alice = await sessionClient(first);
    const bob = await sessionClient(first);
    const started = await alice.client.post<{ conversationID: number }>("/api/v2/conversations", {
      participantUserIDs: [bob.user.userID],
      initialBody: "Hello",
      initialFormat: "text",
    });
    expect(started.status).toBe(201);
    const send = (client: typeof alice.client) =>
      client.post("/api/v2/messages", {
        conversationID: started.body.conversationID,
        body: "Hi",
        format: "text",
      });
    for (let index = 0; index < 20; index += 1) expect((await send(alice.client)).status).toBe(201);
    const refused = await send(alice.client);
    expect(refused.status).toBe(429);
    // Bob has his own counter.
    expect((await send(bob.client)).status).toBe(201);

    const moderator = await sessionClient(first, { role: "Moderator" });
    const own = await moderator.client.post<{ conversationID: number }>("/api/v2/conversations", {
      participantUserIDs: [bob.user.userID],
      initialBody: "Hello",
      initialFormat: "text",
    });
    for (let index = 0; index < 25; index += 1)
      expect(
        (
          await moderator.client.post("/api/v2/messages", {
            conversationID: own.body.conversationID,
            body: "Hi",
            format: "text",
          })
        ).status,
      ).toBe(201);
  });

  it("limits comments and new discussions per member", async () => {
    const { client: admin } = await sessionClient(first, { role: "Administrator" });
    const category = await admin.post<{ categoryID: number }>("/api/v2/categories", {
      name: "Limited",
      urlcode: "limited",
    });
    const member = await sessionClient(first);
    const discussion = await member.client.post<{ discussionID: number }>("/api/v2/discussions", {
      categoryID: category.body.categoryID,
      name: "A busy thread",
      body: "Hello",
      format: "text",
    });
    expect(discussion.status).toBe(201);
    const comment = () =>
      member.client.post("/api/v2/comments", {
        discussionID: discussion.body.discussionID,
        body: "Me too",
        format: "text",
      });
    for (let index = 0; index < 12; index += 1) expect((await comment()).status).toBe(201);
    const refused = await comment();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    for (let index = 0; index < 4; index += 1)
      expect(
        (
          await member.client.post("/api/v2/discussions", {
            categoryID: category.body.categoryID,
            name: `Another ${index}`,
            body: "Hello",
            format: "text",
          })
        ).status,
      ).toBe(201);
    const sixth = await member.client.post("/api/v2/discussions", {
      categoryID: category.body.categoryID,
      name: "One too many",
      body: "Hello",
      format: "text",
    });
    expect(sixth.status).toBe(429);
  });
});
