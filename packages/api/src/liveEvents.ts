// Plain values with no validator code, so the client can import them without shipping TypeBox.

/** Event names of the notifications stream (`GET /notifications/stream`); `notification` carries a Notification. */
export const LIVE_EVENT_COUNT = "count";
export const LIVE_EVENT_NOTIFICATION = "notification";
