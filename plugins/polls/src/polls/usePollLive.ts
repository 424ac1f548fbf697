import { useEffect } from "react";
import { POLL_LIVE_EVENT } from "../../api/pollLimits";
import type { Poll } from "../../api/pollsApi";
import { siteUrl } from "@library/src/bootstrap/bootstrap";

/** Keeps a poll live: each `poll` event of its stream (sent when anyone votes) replaces the shown poll. */
export function usePollLive(discussionID: number, onPoll: (poll: Poll) => void): void {
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(siteUrl(`/api/v2/polls/${discussionID}/stream`));
    source.addEventListener(POLL_LIVE_EVENT, (event) => {
      onPoll(JSON.parse((event as MessageEvent<string>).data) as Poll);
    });
    return () => source.close();
  }, [discussionID, onPoll]);
}
