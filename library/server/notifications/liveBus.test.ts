import { createTestUser } from "../testing/factories";
import { createTestApp, createTestAppsSharingDatabase, testDialects, type TestApp } from "../testing/testApp";
import type { LiveEvent } from "./liveBus";

/**
 * The next event of a type the bus delivers to a member, or a timeout. (On PostgreSQL a process also hears its
 * own NOTIFY, so an earlier event may still be arriving: other types are skipped.)
 */
function nextEvent(
  testApp: TestApp,
  userID: number,
  type?: LiveEvent["type"],
  timeoutMs = 5000,
): Promise<LiveEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error("No live event arrived."));
    }, timeoutMs);
    const unsubscribe = testApp.context.live.subscribe(userID, (event) => {
      if (type && event.type !== type) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(event);
    });
  });
}

describe.each(testDialects)("live bus on %s", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, []);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("delivers an event to a subscriber of the member, and only to them", async () => {
    const heard: LiveEvent[] = [];
    const unsubscribeOther = testApp.context.live.subscribe(2, (event) => heard.push(event));
    const arriving = nextEvent(testApp, 1);
    await testApp.context.live.publish({ type: "notification", userID: 1, notificationID: 7 });
    expect(await arriving).toEqual({ type: "notification", userID: 1, notificationID: 7 });
    unsubscribeOther();
    expect(heard).toEqual([]);
  });

  it("stops delivering after unsubscribe", async () => {
    const heard: LiveEvent[] = [];
    const unsubscribe = testApp.context.live.subscribe(3, (event) => heard.push(event));
    unsubscribe();
    const control = nextEvent(testApp, 3);
    await testApp.context.live.publish({ type: "counts", userID: 3 });
    await control;
    expect(heard).toEqual([]);
  });
});

describe.each(testDialects)("live bus across server processes on %s", (dialect) => {
  it(
    dialect === "postgres"
      ? "carries events between two servers on one database (LISTEN/NOTIFY)"
      : "keeps events inside the process that published them",
    async () => {
      const { apps, close } = await createTestAppsSharingDatabase(dialect, []);
      try {
        const [first, second] = apps as [TestApp, TestApp];
        const user = await createTestUser(first.context);
        if (dialect === "postgres") {
          const onSecond = nextEvent(second, user.userID);
          await first.context.live.publish({ type: "counts", userID: user.userID });
          expect(await onSecond).toEqual({ type: "counts", userID: user.userID });
          const onFirst = nextEvent(first, user.userID, "notification");
          await second.context.live.publish({ type: "notification", userID: user.userID, notificationID: 3 });
          expect(await onFirst).toEqual({ type: "notification", userID: user.userID, notificationID: 3 });
        } else {
          const heard: LiveEvent[] = [];
          const unsubscribe = second.context.live.subscribe(user.userID, (event) => heard.push(event));
          const onFirst = nextEvent(first, user.userID);
          await first.context.live.publish({ type: "counts", userID: user.userID });
          await onFirst;
          unsubscribe();
          expect(heard).toEqual([]);
        }
      } finally {
        await close();
      }
    },
  );
});
