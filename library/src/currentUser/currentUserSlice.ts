import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { Me } from "@forum/api/users";
import { GUEST_USER, getBootstrap, hasBootstrap } from "@library/src/bootstrap/bootstrap";
import { fetchCurrentUser } from "@library/src/currentUser/currentUserThunks";
import {
  LoadStatus,
  loading,
  pending,
  success,
  toError,
  type Loadable,
} from "@library/src/loadable/loadable";

export interface CurrentUserState {
  current: Loadable<Me>;
  requestID: string | null;
}

function initialState(): CurrentUserState {
  return { current: hasBootstrap() ? success(getBootstrap().currentUser) : pending(), requestID: null };
}

export const currentUserSlice = createSlice({
  name: "currentUser",
  initialState,
  reducers: {
    currentUserUpdated(state, action: PayloadAction<Me>) {
      state.current = success(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCurrentUser.pending, (state, action) => {
        state.current = loading<Me>(state.current);
        state.requestID = action.meta.requestId;
      })
      .addCase(fetchCurrentUser.fulfilled, (state, action) => {
        if (state.requestID !== action.meta.requestId) return;
        state.current = success(action.payload);
        state.requestID = null;
      })
      .addCase(fetchCurrentUser.rejected, (state, action) => {
        if (state.requestID !== action.meta.requestId) return;
        const error = action.payload ?? {
          message: action.error.message ?? "Something went wrong.",
          status: 0,
          errors: {},
        };
        state.current = toError<Me>(error, state.current);
        state.requestID = null;
      });
  },
  selectors: {
    selectCurrentUserLoadable: (state) => state.current,
    /** The signed-in user, or the guest user while unknown. */
    selectCurrentUser: (state): Me =>
      state.current.status === LoadStatus.PENDING ? GUEST_USER : (state.current.data ?? GUEST_USER),
    selectIsSignedIn: (state) =>
      state.current.status !== LoadStatus.PENDING && (state.current.data?.userID ?? 0) > 0,
  },
});

export const { currentUserUpdated } = currentUserSlice.actions;
export const { selectCurrentUser, selectCurrentUserLoadable, selectIsSignedIn } = currentUserSlice.selectors;
