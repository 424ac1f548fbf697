import type { LongRunnerResult } from "@forum/api/longRunner";
import { apiv2 } from "./apiClient";
import { fromErrorBody } from "./apiError";

/** A bulk call that answers a LongRunnerResult (API.md 1.11). */
export interface LongRunnerRequest {
  method: "DELETE" | "PATCH" | "POST";
  /** Relative to `/api/v2/`, e.g. `discussions/move`. */
  url: string;
  body: unknown;
}

export type LongRunnerException = LongRunnerResult["progress"]["exceptionsByID"][string];

/** Everything done so far, over every round. */
export interface LongRunnerSummary {
  successIDs: number[];
  failedIDs: number[];
  exceptionsByID: Record<string, LongRunnerException>;
  countTotalIDs: number | null;
  /** Stopped by the member before the job finished. */
  cancelled: boolean;
  /** The first call's whole answer when it was not a LongRunnerResult (a one-discussion move's `{status}`). */
  plainResult?: unknown;
  /** The last round's whole answer (a split's `discussionID` and `newPostUrl` beside its progress). */
  lastResult?: unknown;
}

export interface LongRunnerOptions {
  /** After every round, with the totals so far. */
  onProgress?: (summary: LongRunnerSummary) => void;
  /** Checked before each continuation: true stops (the server keeps nothing running). */
  isCancelled?: () => boolean;
  /** Seconds of server work per round: short rounds keep the progress moving (and every request short). */
  roundSeconds?: number;
}

export const DEFAULT_ROUND_SECONDS = 3;

function isLongRunnerResult(value: unknown): value is LongRunnerResult {
  return (
    typeof value === "object" && value !== null && "progress" in value && typeof value.progress === "object"
  );
}

const anyStatus = { validateStatus: () => true };

function send(request: LongRunnerRequest, roundSeconds: number) {
  const params = { longRunnerMode: "sync", longRunnerTimeout: roundSeconds };
  switch (request.method) {
    case "DELETE":
      return apiv2.delete<unknown>(request.url, { ...anyStatus, params, data: request.body });
    case "PATCH":
      return apiv2.patch<unknown>(request.url, request.body, { ...anyStatus, params });
    case "POST":
      return apiv2.post<unknown>(request.url, request.body, { ...anyStatus, params });
  }
}

/** `POST /calls/run`: the payload as the body, `application/system+jwt` (API.md 28). */
function continueWith(payload: string, roundSeconds: number) {
  return apiv2.post<unknown>("calls/run", JSON.stringify(payload), {
    ...anyStatus,
    params: { longRunnerTimeout: roundSeconds },
    headers: { "Content-Type": "application/system+jwt" },
  });
}

/**
 * Runs a bulk call to the end: while an answer (any status of 400 or more, 408 included) carries a
 * `callbackPayload`, posts it to `POST /calls/run` again, reporting succeeded and failed ids after each round
 * (SPEC 7). A refusal of the whole call (403 with `recordIDs`, 422, …) rejects with its ApiError.
 */
export async function runLongRunner(
  request: LongRunnerRequest,
  options: LongRunnerOptions = {},
): Promise<LongRunnerSummary> {
  const roundSeconds = options.roundSeconds ?? DEFAULT_ROUND_SECONDS;
  const summary: LongRunnerSummary = {
    successIDs: [],
    failedIDs: [],
    exceptionsByID: {},
    countTotalIDs: null,
    cancelled: false,
  };
  let response = await send(request, roundSeconds);
  for (;;) {
    const body = response.data;
    if (!isLongRunnerResult(body)) {
      // An Error carrying the ApiError's fields: toApiError reads it back whole (status, errors…).
      if (response.status >= 400) {
        const error = fromErrorBody(body, response.status);
        throw Object.assign(new Error(error.message), error);
      }
      summary.plainResult = body;
      options.onProgress?.({ ...summary });
      return summary;
    }
    const { progress } = body;
    summary.successIDs.push(...progress.successIDs);
    summary.failedIDs.push(...progress.failedIDs);
    Object.assign(summary.exceptionsByID, progress.exceptionsByID);
    if (typeof progress.countTotalIDs === "number") summary.countTotalIDs = progress.countTotalIDs;
    options.onProgress?.({
      ...summary,
      successIDs: [...summary.successIDs],
      failedIDs: [...summary.failedIDs],
    });
    if (!body.callbackPayload) return { ...summary, lastResult: body };
    if (options.isCancelled?.()) {
      summary.cancelled = true;
      return summary;
    }
    response = await continueWith(body.callbackPayload, roundSeconds);
  }
}
