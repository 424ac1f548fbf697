import { createSlice, type PayloadAction, type WithSlice } from "@reduxjs/toolkit";
import { isBatchedNotification } from "@forum/api/notificationBatching";
import type { Notification } from "@forum/api/notifications";
import { toApiError } from "@library/src/api/apiError";
import {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  MENU_NOTIFICATION_LIMIT,
} from "@library/src/notifications/notificationsThunks";
import { dataOf, loading, pending, success, toError, type Loadable } from "@library/src/loadable/loadable";
import { rootReducer } from "@library/src/redux/rootReducer";

export interface NotificationsState {
  byID: Record<number, Notification>;
  /** Ids of the latest notifications, newest first (the menu). */
  latest: Loadable<number[]>;
  latestRequestID: string | null;
  markAll: Loadable<true>;
}

const initialState: NotificationsState = {
  byID: {},
  latest: pending(),
  latestRequestID: null,
  markAll: pending(),
};

export const notificationsSlice = createSlice({
  name: "notifications",
  initialState,
  reducers: {
    /**
     * A new notification from the live stream: first in the menu. A comment in a thread that already has an
     * unread line takes that line's place, as the server groups them: the count grows and it still leads to the
     * first unread comment.
     */
    notificationReceived(state, action: PayloadAction<Notification>) {
      let notification = action.payload;
      let ids = dataOf(state.latest) ?? [];
      if (isBatchedNotification(notification)) {
        const line = ids
          .map((id) => state.byID[id])
          .find(
            (item) =>
              item !== undefined &&
              !item.read &&
              item.notificationID !== notification.notificationID &&
              item.discussionID === notification.discussionID &&
              isBatchedNotification(item),
          );
        if (line) {
          notification = { ...notification, count: line.count + notification.count, url: line.url };
          ids = ids.filter((id) => id !== line.notificationID);
        }
      }
      state.byID[notification.notificationID] = notification;
      state.latest = success(
        [notification.notificationID, ...ids.filter((id) => id !== notification.notificationID)].slice(
          0,
          MENU_NOTIFICATION_LIMIT,
        ),
      );
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchNotifications.pending, (state, action) => {
        state.latest = loading<number[]>(state.latest);
        state.latestRequestID = action.meta.requestId;
      })
      .addCase(fetchNotifications.fulfilled, (state, action) => {
        if (state.latestRequestID !== action.meta.requestId) return;
        for (const notification of action.payload) state.byID[notification.notificationID] = notification;
        state.latest = success(action.payload.map((notification) => notification.notificationID));
        state.latestRequestID = null;
      })
      .addCase(fetchNotifications.rejected, (state, action) => {
        if (state.latestRequestID !== action.meta.requestId) return;
        state.latest = toError<number[]>(action.payload ?? toApiError(action.error), state.latest);
        state.latestRequestID = null;
      })
      .addCase(markNotificationRead.fulfilled, (state, action) => {
        state.byID[action.payload.notificationID] = action.payload;
      })
      .addCase(markAllNotificationsRead.pending, (state) => {
        state.markAll = loading<true>();
      })
      .addCase(markAllNotificationsRead.fulfilled, (state) => {
        for (const notification of Object.values(state.byID)) notification.read = true;
        state.markAll = success(true);
      })
      .addCase(markAllNotificationsRead.rejected, (state, action) => {
        state.markAll = toError<true>(action.payload ?? toApiError(action.error));
      });
  },
  selectors: {
    selectLatestNotificationsStatus: (state) => state.latest.status,
    selectMarkAllStatus: (state) => state.markAll.status,
  },
});

declare module "@library/src/redux/rootReducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof notificationsSlice> {}
}

export const injectedNotificationsSlice = notificationsSlice.injectInto(rootReducer);
export const { notificationReceived } = notificationsSlice.actions;
export const { selectLatestNotificationsStatus, selectMarkAllStatus } = injectedNotificationsSlice.selectors;

const NO_NOTIFICATIONS: Notification[] = [];

/** The menu's notifications, newest first (memoised on the ids and records). */
export const selectLatestNotifications = (() => {
  let lastIDs: number[] | undefined;
  let lastByID: Record<number, Notification> | undefined;
  let lastResult = NO_NOTIFICATIONS;
  return (rootState: Parameters<typeof injectedNotificationsSlice.selectSlice>[0]): Notification[] => {
    const state = injectedNotificationsSlice.selectSlice(rootState);
    const ids = dataOf(state.latest);
    if (ids === lastIDs && state.byID === lastByID) return lastResult;
    lastIDs = ids;
    lastByID = state.byID;
    lastResult = (ids ?? []).flatMap((id) => {
      const notification = state.byID[id];
      return notification ? [notification] : [];
    });
    return lastResult;
  };
})();
