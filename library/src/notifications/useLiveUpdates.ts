import { useEffect } from "react";
import { LIVE_EVENT_COUNT, LIVE_EVENT_NOTIFICATION } from "@forum/api/liveEvents";
import type { LiveCounts, Notification } from "@forum/api/notifications";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { notificationReceived } from "@library/src/notifications/notificationsSlice";
import { applyLiveCounts } from "@library/src/notifications/notificationsThunks";
import {
  STREAM_RETRY_MAX_MS,
  STREAM_RETRY_MIN_MS,
  subscribeEventStream,
} from "@library/src/notifications/sharedEventStream";
import { useAppDispatch } from "@library/src/redux/hooks";

export const LIVE_STREAM_PATH = "/api/v2/notifications/stream";
/** Reconnect delays: 1 s, doubling up to 60 s; reset once a connection opens. */
export const LIVE_RETRY_MIN_MS = STREAM_RETRY_MIN_MS;
export const LIVE_RETRY_MAX_MS = STREAM_RETRY_MAX_MS;

function parse(data: unknown): unknown {
  if (typeof data !== "string") return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

function isCounts(value: unknown): value is LiveCounts {
  const counts = (value as Partial<LiveCounts> | undefined)?.counts;
  return (
    typeof counts === "object" &&
    counts !== null &&
    Object.values(counts).every((count) => typeof count === "number")
  );
}

function isNotification(value: unknown): value is Notification {
  const notification = value as Partial<Notification> | undefined;
  return typeof notification?.notificationID === "number" && typeof notification.body === "string";
}

/**
 * Live menu counters and notifications for a signed-in member: listens to the server-sent event stream (one per
 * browser, shared by its tabs: sharedEventStream.ts), applies each `count` event to the current user (the badges)
 * and prepends each `notification` to the menu. A failed stream is reopened after a growing delay.
 */
export function useLiveUpdates(enabled: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled) return;
    return subscribeEventStream(
      siteUrl(LIVE_STREAM_PATH),
      [LIVE_EVENT_COUNT, LIVE_EVENT_NOTIFICATION],
      (event) => {
        const value = parse(event.data);
        if (event.type === LIVE_EVENT_COUNT && isCounts(value)) dispatch(applyLiveCounts(value.counts));
        if (event.type === LIVE_EVENT_NOTIFICATION && isNotification(value))
          dispatch(notificationReceived(value));
      },
    );
  }, [enabled, dispatch]);
}
