import { createAsyncThunk } from "@reduxjs/toolkit";
import type { ApiError } from "@library/src/api/apiError";
import type { RootState } from "@library/src/redux/rootReducer";
import type { AppDispatch } from "@library/src/redux/store";

/** createAsyncThunk typed with the app's state and dispatch; rejections carry a normalised ApiError. */
export const createAppThunk = createAsyncThunk.withTypes<{
  state: RootState;
  dispatch: AppDispatch;
  rejectValue: ApiError;
}>();
