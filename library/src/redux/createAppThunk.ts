import { createAsyncThunk } from "@reduxjs/toolkit";
import type { ApiError } from "@library/src/api/apiError";
import type { RootState } from "@library/src/redux/rootReducer";
import type { AppDispatch } from "@library/src/redux/store";

/** The thunk config of the app's thunks: its state and dispatch, rejections carrying a normalised ApiError. */
export interface AppThunkConfig {
  state: RootState;
  dispatch: AppDispatch;
  rejectValue: ApiError;
}

/** createAsyncThunk typed with the app's state and dispatch; rejections carry a normalised ApiError. */
export const createAppThunk = createAsyncThunk.withTypes<AppThunkConfig>();
