import { createTestUser, type TestUser } from "../testing/factories";
import { createTestApp, testDialects, type TestApp } from "../testing/testApp";
import {
  createNotifications,
  deliverNotifications,
  notify,
  renderNotificationBody,
  type NewNotification,
} from "./createNotifications";
import type { LiveEvent } from "./liveBus";
import { patchNotificationPreferences } from "./notificationPreferences";
import { countUnreadNotifications, listNotifications } from "./notificationsQueries";

describe("renderNotificationBody", () => {
  it("escapes the text and keeps only <b> from **bold** markers", () => {
    expect(renderNotificationBody('**<i>Ann</i>** said "hi" & <script>')).toBe(
      "<b>&lt;i&gt;Ann&lt;/i&gt;</b> said &quot;hi&quot; &amp; &lt;script&gt;",
    );
  });
});

describe.each(testDialects)("createNotifications on %s", (dialect) => {
  let testApp: TestApp;
  let actor: TestUser;
  let recipient: TestUser;

  const item = (overrides: Partial<NewNotification> = {}): NewNotification => ({
    userID: recipient.userID,
    activityType: "ConversationMessage",
    recordType: "conversation",
    recordID: 1,
    url: "/messages/1",
    body: `**${actor.name}** sent you a message.`,
    photoUrl: null,
    actorUserID: actor.userID,
    ...overrides,
  });

  beforeAll(async () => {
    testApp = await createTestApp(dialect, []);
    actor = await createTestUser(testApp.context);
    recipient = await createTestUser(testApp.context);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("stores once per recipient and record, never for the actor, and publishes only after delivery", async () => {
    const heard: LiveEvent[] = [];
    let arrived: (event: LiveEvent) => void = () => undefined;
    const arrival = new Promise<LiveEvent>((resolve) => (arrived = resolve));
    const unsubscribe = testApp.context.live.subscribe(recipient.userID, (event) => {
      heard.push(event);
      arrived(event);
    });
    const delivery = await testApp.context.db
      .transaction()
      .execute((trx) =>
        createNotifications(trx, [
          item({ recordID: 10 }),
          item({ recordID: 10, activityType: "Mention" }),
          item({ recordID: 10, userID: actor.userID }),
        ]),
      );
    expect(delivery.notifications).toHaveLength(1);
    expect(heard).toEqual([]);
    await deliverNotifications(testApp.context, delivery);
    expect(await arrival).toEqual({
      type: "notification",
      userID: recipient.userID,
      notificationID: delivery.notifications[0]?.notificationID,
    });
    unsubscribe();
    const [row] = await listNotifications(testApp.context.db, recipient.userID, 1, 10);
    expect(row).toMatchObject({ activityType: "ConversationMessage", read: 0, recordID: 10 });
    expect(row?.body).toBe(`<b>${actor.name}</b> sent you a message.`);
  });

  it("stores nothing when the transaction rolls back", async () => {
    const before = await countUnreadNotifications(testApp.context.db, recipient.userID);
    await expect(
      testApp.context.db.transaction().execute(async (trx) => {
        await createNotifications(trx, [item({ recordID: 11 })]);
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await countUnreadNotifications(testApp.context.db, recipient.userID)).toBe(before);
  });

  it("follows the recipient's preferences: no popup stores nothing, email queues a mail", async () => {
    const quiet = await createTestUser(testApp.context);
    await patchNotificationPreferences(testApp.context.db, quiet.userID, {
      ConversationMessage: { popup: false, email: true },
    });
    const delivery = await notify(testApp.context, [item({ userID: quiet.userID, recordID: 12 })]);
    expect(delivery.notifications).toEqual([]);
    expect(delivery.mailIDs).toHaveLength(1);
    const mail = await testApp.context.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("to", "=", quiet.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`${actor.name} sent you a message.`);
    expect(mail.bodyText).toContain("/messages/1");
  });
});
