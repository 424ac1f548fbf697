import type { Notification } from "@forum/api/notifications";
import type { Me } from "@forum/api/users";
import { success } from "@library/src/loadable/loadable";
import type { RootState } from "@library/src/redux/rootReducer";
import { makeMe } from "@library/src/testing/bootstrapFixture";

/** A notification as the API returns it. */
export function makeNotification(
  notificationID: number,
  overrides: Partial<Notification> = {},
): Notification {
  return {
    notificationID,
    body: `<b>Bob</b> commented on <b>Thread ${notificationID}</b>.`,
    photoUrl: null,
    url: `/discussion/comment/${notificationID}#Comment_${notificationID}`,
    readUrl: `/notifications/${notificationID}/read`,
    dateInserted: "2026-01-02T03:04:05+00:00",
    dateUpdated: "2026-01-02T03:04:05+00:00",
    read: false,
    activityType: "Comment",
    reason: "You started this discussion.",
    count: 1,
    recordType: "comment",
    recordID: notificationID,
    discussionID: 1,
    ...overrides,
  };
}

/** A store state with a signed-in member. */
export function signedInState(overrides: Partial<Me> = {}): Partial<RootState> {
  return { currentUser: { current: success(makeMe(overrides)), requestID: null } };
}
