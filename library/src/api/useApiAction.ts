import { useCallback, useState } from "react";
import { toApiError, type ApiError } from "./apiError";

export interface ApiAction {
  /** True while an action runs (buttons show it and refuse a second click). */
  pending: boolean;
  /** What the last action failed with, null after a success or while one runs. */
  error: ApiError | null;
  setError: (error: ApiError | null) => void;
  /** Runs `action`, keeping `pending` and `error` in step; resolves true when it succeeded. */
  run: (action: () => Promise<void>) => Promise<boolean>;
}

/** The state every form and button that calls the API keeps: in flight, and the error of the last try. */
export function useApiAction(): ApiAction {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const run = useCallback(async (action: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(toApiError(caught));
      return false;
    } finally {
      setPending(false);
    }
  }, []);
  return { pending, error, setError, run };
}
