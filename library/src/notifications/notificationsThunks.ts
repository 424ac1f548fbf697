import type { LiveCounts } from "@forum/api/notifications";
import { toApiError } from "@library/src/api/apiError";
import { currentUserUpdated, selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { meCountOf, UNREAD_NOTIFICATIONS, withMeCounts } from "@library/src/notifications/meCounts";
import { isLoadingOrLoaded } from "@library/src/loadable/loadable";
import { createAppThunk } from "@library/src/redux/createAppThunk";
import type { RootState } from "@library/src/redux/rootReducer";
import type { AppDispatch } from "@library/src/redux/store";
import {
  getNotifications,
  patchAllNotificationsRead,
  patchNotificationRead,
} from "@library/src/notifications/notificationsApi";

/** The title bar menu shows this many (the page lists the rest). */
export const MENU_NOTIFICATION_LIMIT = 10;

/** The latest notifications for the menu; skipped while loading or loaded unless `force`. */
export const fetchNotifications = createAppThunk(
  "notifications/latestFetched",
  async (_options: { force?: boolean } | undefined, { rejectWithValue }) => {
    try {
      return await getNotifications(MENU_NOTIFICATION_LIMIT);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: (options, { getState }) =>
      options?.force === true || !isLoadingOrLoaded(getState().notifications?.latest),
  },
);

/** Applies new menu counters (by declared name) to the current user (the badges read them from there). */
export function applyLiveCounts(counts: LiveCounts["counts"]) {
  return (dispatch: AppDispatch, getState: () => RootState): void => {
    const me = selectCurrentUser(getState());
    if (me.userID === 0) return;
    dispatch(currentUserUpdated(withMeCounts(me, counts)));
  };
}

export const markNotificationRead = createAppThunk(
  "notifications/markedRead",
  async (notificationID: number, { dispatch, getState, rejectWithValue }) => {
    const wasUnread = getState().notifications?.byID[notificationID]?.read === false;
    try {
      const notification = await patchNotificationRead(notificationID);
      const me = selectCurrentUser(getState());
      if (wasUnread)
        dispatch(
          applyLiveCounts({ [UNREAD_NOTIFICATIONS]: Math.max(0, meCountOf(me, UNREAD_NOTIFICATIONS) - 1) }),
        );
      return notification;
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
);

/** SPEC 4: every stored notification read, unread count 0. */
export const markAllNotificationsRead = createAppThunk(
  "notifications/allMarkedRead",
  async (_: void, { dispatch, rejectWithValue }) => {
    try {
      await patchAllNotificationsRead();
      dispatch(applyLiveCounts({ [UNREAD_NOTIFICATIONS]: 0 }));
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
);
