import { useEffect } from "react";
import { LIVE_EVENT_COUNT, LIVE_EVENT_NOTIFICATION } from "@forum/api/liveEvents";
import type { LiveCounts, Notification } from "@forum/api/notifications";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { notificationReceived } from "@library/src/notifications/notificationsSlice";
import { applyLiveCounts } from "@library/src/notifications/notificationsThunks";
import { useAppDispatch } from "@library/src/redux/hooks";

export const LIVE_STREAM_PATH = "/api/v2/notifications/stream";
/** Reconnect delays: 1 s, doubling up to 60 s; reset once a connection opens. */
export const LIVE_RETRY_MIN_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 60_000;

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
 * Live menu counters and notifications for a signed-in member: opens the server-sent event stream, applies
 * each `count` event to the current user (the badges) and prepends each `notification` to the menu. When the
 * stream fails it is closed and reopened after a growing delay, so a restarting server is not stormed.
 */
export function useLiveUpdates(enabled: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let delay = LIVE_RETRY_MIN_MS;
    let stopped = false;

    const connect = () => {
      const current = new EventSource(siteUrl(LIVE_STREAM_PATH));
      source = current;
      current.onopen = () => {
        delay = LIVE_RETRY_MIN_MS;
      };
      current.addEventListener(LIVE_EVENT_COUNT, (event: MessageEvent) => {
        const counts = parse(event.data);
        if (isCounts(counts)) dispatch(applyLiveCounts(counts.counts));
      });
      current.addEventListener(LIVE_EVENT_NOTIFICATION, (event: MessageEvent) => {
        const notification = parse(event.data);
        if (isNotification(notification)) dispatch(notificationReceived(notification));
      });
      current.onerror = () => {
        // Take over from the browser's own retry so the delay grows.
        current.close();
        if (stopped || source !== current) return;
        source = null;
        timer = setTimeout(() => {
          timer = null;
          if (!stopped) connect();
        }, delay);
        delay = Math.min(LIVE_RETRY_MAX_MS, delay * 2);
      };
    };

    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [enabled, dispatch]);
}
