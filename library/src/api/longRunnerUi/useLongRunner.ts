import { useCallback, useRef, useState } from "react";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { runLongRunner, type LongRunnerRequest, type LongRunnerSummary } from "@library/src/api/longRunner";

export interface LongRunnerState {
  /** What runs (the progress modal's heading); null when nothing was started. */
  title: string | null;
  running: boolean;
  summary: LongRunnerSummary | null;
  /** The whole call was refused (403 with the ids, 422…). */
  error: ApiError | null;
}

export interface LongRunnerControl extends LongRunnerState {
  /** Runs a bulk call to the end; resolves with the totals, or null when the whole call was refused. */
  start: (title: string, request: LongRunnerRequest) => Promise<LongRunnerSummary | null>;
  /** Stops after the round in flight. */
  cancel: () => void;
  /** Forgets a finished run (closes its progress modal). */
  reset: () => void;
}

const IDLE: LongRunnerState = { title: null, running: false, summary: null, error: null };

/** The state of one bulk action run through the long runner, for `LongRunnerProgressModal`. */
export function useLongRunner(): LongRunnerControl {
  const [state, setState] = useState<LongRunnerState>(IDLE);
  const cancelled = useRef(false);
  const start = useCallback(async (title: string, request: LongRunnerRequest) => {
    cancelled.current = false;
    setState({ title, running: true, summary: null, error: null });
    try {
      const summary = await runLongRunner(request, {
        onProgress: (progress) => setState((previous) => ({ ...previous, summary: progress })),
        isCancelled: () => cancelled.current,
      });
      setState((previous) => ({ ...previous, running: false, summary }));
      return summary;
    } catch (caught) {
      setState((previous) => ({ ...previous, running: false, error: toApiError(caught) }));
      return null;
    }
  }, []);
  const cancel = useCallback(() => {
    cancelled.current = true;
  }, []);
  const reset = useCallback(() => setState(IDLE), []);
  return { ...state, start, cancel, reset };
}
