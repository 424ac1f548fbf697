/** The shape limits of a poll, shared by the server's checks and the editor. */
export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 10;
export const POLL_QUESTION_MAX_LENGTH = 200;
export const POLL_OPTION_MAX_LENGTH = 100;
/** When members see the counts: at once, or only once they voted (or the poll closed). */
export const POLL_RESULTS_VISIBILITY = ["always", "afterVote"] as const;
export type PollResultsVisibility = (typeof POLL_RESULTS_VISIBILITY)[number];
/** The server-sent event carrying a poll's new state. */
export const POLL_LIVE_EVENT = "poll";
