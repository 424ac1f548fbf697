import type { ActionReducerMapBuilder, AsyncThunk, Draft } from "@reduxjs/toolkit";
import { toApiError } from "@library/src/api/apiError";
import type { AppThunkConfig } from "@library/src/redux/createAppThunk";
import { loading, success, toError, type Loadable } from "./loadable";

/**
 * The three cases of a thunk whose results are kept per key (one list page per query, one set of translations
 * per record): loading keeps what the key held, success replaces it, a failure keeps it beside the error. A
 * rejection by the thunk's own `condition` (already loading or loaded) changes nothing.
 */
export function addKeyedLoadableCases<S, T, Arg>(
  builder: ActionReducerMapBuilder<S>,
  thunk: AsyncThunk<T, Arg, AppThunkConfig>,
  entries: (state: Draft<S>) => Record<string, Loadable<T>>,
  keyOf: (arg: Arg) => string,
): ActionReducerMapBuilder<S> {
  return builder
    .addCase(thunk.pending, (state, action) => {
      const byKey = entries(state);
      const key = keyOf(action.meta.arg);
      byKey[key] = loading<T>(byKey[key]);
    })
    .addCase(thunk.fulfilled, (state, action) => {
      entries(state)[keyOf(action.meta.arg)] = success<T>(action.payload);
    })
    .addCase(thunk.rejected, (state, action) => {
      if (action.meta.condition) return;
      const byKey = entries(state);
      const key = keyOf(action.meta.arg);
      byKey[key] = toError<T>(action.payload ?? toApiError(action.error), byKey[key]);
    });
}
