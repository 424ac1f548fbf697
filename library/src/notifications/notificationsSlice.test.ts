import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import {
  notificationReceived,
  selectLatestNotifications,
} from "@library/src/notifications/notificationsSlice";
import { makeNotification, signedInState } from "@library/src/notifications/notificationsTestData";
import {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "@library/src/notifications/notificationsThunks";
import { createAppStore } from "@library/src/redux/store";
import { mockApi } from "@library/src/testing/mockApi";

describe("notifications slice", () => {
  let api: ReturnType<typeof mockApi> | null = null;
  afterEach(() => api?.restore());

  it("fetches the latest ten, once", async () => {
    api = mockApi(() => ({ data: [makeNotification(3), makeNotification(2)] }));
    const store = createAppStore(signedInState({ counts: { UnreadNotifications: 2 } }));
    await store.dispatch(fetchNotifications());
    await store.dispatch(fetchNotifications());
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({ method: "GET", url: "notifications", params: { limit: 10 } });
    expect(selectLatestNotifications(store.getState()).map((item) => item.notificationID)).toEqual([3, 2]);
  });

  it("marks all read: every notification read and the unread count 0", async () => {
    api = mockApi((request) =>
      request.method === "GET"
        ? { data: [makeNotification(3), makeNotification(2, { read: true }), makeNotification(1)] }
        : { status: 204 },
    );
    const store = createAppStore(signedInState({ counts: { UnreadNotifications: 7 } }));
    await store.dispatch(fetchNotifications());
    await store.dispatch(markAllNotificationsRead());
    expect(api.requests[1]).toMatchObject({ method: "PATCH", url: "notifications", data: { read: true } });
    expect(selectLatestNotifications(store.getState()).every((item) => item.read)).toBe(true);
    expect(selectCurrentUser(store.getState()).counts.UnreadNotifications).toBe(0);
  });

  it("keeps everything unread when mark all fails", async () => {
    api = mockApi((request) =>
      request.method === "GET"
        ? { data: [makeNotification(1)] }
        : { status: 500, data: { message: "Boom", status: 500 } },
    );
    const store = createAppStore(signedInState({ counts: { UnreadNotifications: 1 } }));
    await store.dispatch(fetchNotifications());
    await store.dispatch(markAllNotificationsRead());
    expect(selectLatestNotifications(store.getState())[0]?.read).toBe(false);
    expect(selectCurrentUser(store.getState()).counts.UnreadNotifications).toBe(1);
  });

  it("marks one read and lowers the count", async () => {
    api = mockApi((request) =>
      request.method === "GET"
        ? { data: [makeNotification(2), makeNotification(1)] }
        : { data: makeNotification(1, { read: true }) },
    );
    const store = createAppStore(signedInState({ counts: { UnreadNotifications: 2 } }));
    await store.dispatch(fetchNotifications());
    await store.dispatch(markNotificationRead(1));
    expect(api.requests[1]).toMatchObject({ method: "PATCH", url: "notifications/1", data: { read: true } });
    expect(selectLatestNotifications(store.getState()).map((item) => item.read)).toEqual([false, true]);
    expect(selectCurrentUser(store.getState()).counts.UnreadNotifications).toBe(1);
  });

  it("prepends a live notification, keeping ten", async () => {
    api = mockApi(() => ({
      data: Array.from({ length: 10 }, (_, index) =>
        makeNotification(10 - index, { discussionID: 10 - index }),
      ),
    }));
    const store = createAppStore(signedInState());
    await store.dispatch(fetchNotifications());
    store.dispatch(notificationReceived(makeNotification(11, { discussionID: 11 })));
    const ids = selectLatestNotifications(store.getState()).map((item) => item.notificationID);
    expect(ids).toHaveLength(10);
    expect(ids[0]).toBe(11);
    expect(ids).not.toContain(1);
  });

  it("folds a live comment into its thread's unread line, as the server groups them", async () => {
    api = mockApi(() => ({
      data: [
        makeNotification(7, { discussionID: 4, count: 3, url: "/discussion/comment/5#Comment_5" }),
        makeNotification(6, { discussionID: 4, read: true }),
        makeNotification(2, { discussionID: 9, activityType: "Mention" }),
      ],
    }));
    const store = createAppStore(signedInState());
    await store.dispatch(fetchNotifications());
    store.dispatch(notificationReceived(makeNotification(8, { discussionID: 4 })));
    store.dispatch(notificationReceived(makeNotification(12, { discussionID: 9, activityType: "Mention" })));
    const lines = selectLatestNotifications(store.getState());
    expect(lines.map((item) => [item.notificationID, item.count])).toEqual([
      [12, 1],
      [8, 4],
      [6, 1],
      [2, 1],
    ]);
    // The grouped line still leads to the first comment the member has not read.
    expect(lines[1]?.url).toBe("/discussion/comment/5#Comment_5");
  });
});
