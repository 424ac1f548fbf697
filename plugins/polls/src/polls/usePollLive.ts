import { useEffect } from "react";
import { POLL_LIVE_EVENT } from "../../api/pollLimits";
import type { Poll } from "../../api/pollsApi";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { subscribeEventStream } from "@library/src/notifications/sharedEventStream";

/**
 * Keeps a poll live: each `poll` event of its stream (sent when anyone votes) replaces the shown poll. The stream
 * is shared by the browser's tabs showing the same poll (one connection).
 */
export function usePollLive(discussionID: number, onPoll: (poll: Poll) => void): void {
  useEffect(
    () =>
      subscribeEventStream(siteUrl(`/api/v2/polls/${discussionID}/stream`), [POLL_LIVE_EVENT], (event) => {
        onPoll(JSON.parse(event.data) as Poll);
      }),
    [discussionID, onPoll],
  );
}
