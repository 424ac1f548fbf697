import { createSlice, type PayloadAction, type WithSlice } from "@reduxjs/toolkit";
import type { User } from "@forum/api/users";
import { toApiError } from "@library/src/api/apiError";
import {
  isLoadingOrLoaded,
  loading,
  pending,
  success,
  toError,
  type Loadable,
} from "@library/src/loadable/loadable";
import { createAppThunk } from "@library/src/redux/createAppThunk";
import { rootReducer, type RootState } from "@library/src/redux/rootReducer";
import { getProfileUser } from "@applications/forum/src/profiles/profilesApi";

/** Users shown in profile cards, keyed by userID: one request per user however many names point at them. */
interface ProfileCardState {
  usersByID: Record<number, Loadable<User>>;
  /** The request whose answer a user is waiting for: an answer from any other request is stale. */
  requestIDByUserID: Record<number, string>;
  /** Bans set or lifted on this page: the profile's label and every card of the member follow them. */
  bannedByUserID: Record<number, boolean>;
  /** Posting mutes set or lifted on this page (their end, null when lifted). */
  mutedUntilByUserID: Record<number, string | null>;
}

const initialState: ProfileCardState = {
  usersByID: {},
  requestIDByUserID: {},
  bannedByUserID: {},
  mutedUntilByUserID: {},
};

export const fetchProfileCardUser = createAppThunk<User, number>(
  "profileCard/userFetched",
  async (userID, { rejectWithValue }) => {
    try {
      return await getProfileUser(userID);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  // No refetch while loading or once loaded; a failure may be retried by opening the card again.
  { condition: (userID, { getState }) => !isLoadingOrLoaded(selectProfileCardUser(getState(), userID)) },
);

export const profileCardSlice = createSlice({
  name: "profileCard",
  initialState,
  reducers: {
    memberBanChanged(state, action: PayloadAction<{ userID: number; banned: boolean }>) {
      const { userID, banned } = action.payload;
      state.bannedByUserID[userID] = banned;
      const loaded = state.usersByID[userID];
      if (loaded && "data" in loaded && loaded.data) loaded.data.banned = banned ? 1 : 0;
    },
    memberPostMuteChanged(state, action: PayloadAction<{ userID: number; dateMutedUntil: string | null }>) {
      const { userID, dateMutedUntil } = action.payload;
      state.mutedUntilByUserID[userID] = dateMutedUntil;
      const loaded = state.usersByID[userID];
      if (loaded && "data" in loaded && loaded.data) loaded.data.dateMutedUntil = dateMutedUntil;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchProfileCardUser.pending, (state, action) => {
        const userID = action.meta.arg;
        state.requestIDByUserID[userID] = action.meta.requestId;
        state.usersByID[userID] = loading<User>(state.usersByID[userID]);
      })
      .addCase(fetchProfileCardUser.fulfilled, (state, action) => {
        const userID = action.meta.arg;
        if (state.requestIDByUserID[userID] !== action.meta.requestId) return;
        delete state.requestIDByUserID[userID];
        state.usersByID[userID] = success(action.payload);
      })
      .addCase(fetchProfileCardUser.rejected, (state, action) => {
        const userID = action.meta.arg;
        if (state.requestIDByUserID[userID] !== action.meta.requestId) return;
        delete state.requestIDByUserID[userID];
        state.usersByID[userID] = toError<User>(action.payload ?? toApiError(action.error));
      });
  },
});

declare module "@library/src/redux/rootReducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof profileCardSlice> {}
}

export const injectedProfileCardSlice = profileCardSlice.injectInto(rootReducer);

/** One shared "nothing yet" value, so a selector on a missing key returns the same reference every time. */
const NOT_LOADED: Loadable<User> = pending();

export function selectProfileCardUser(state: RootState, userID: number): Loadable<User> {
  return injectedProfileCardSlice.selectSlice(state).usersByID[userID] ?? NOT_LOADED;
}

export const { memberBanChanged, memberPostMuteChanged } = profileCardSlice.actions;

/** Whether the member is banned as far as this page knows: a ban changed here, else `fallback` (the server's). */
export function selectMemberBanned(state: RootState, userID: number, fallback: boolean): boolean {
  return injectedProfileCardSlice.selectSlice(state).bannedByUserID[userID] ?? fallback;
}

/**
 * When the member's posting mute ends as far as this page knows: a mute changed here, else `fallback` (the
 * server's), else the loaded user's; undefined while unknown.
 */
export function selectMemberMutedUntil(
  state: RootState,
  userID: number,
  fallback: string | null | undefined,
): string | null | undefined {
  const slice = injectedProfileCardSlice.selectSlice(state);
  if (userID in slice.mutedUntilByUserID) return slice.mutedUntilByUserID[userID];
  if (fallback !== undefined) return fallback;
  const loaded = slice.usersByID[userID];
  return loaded && "data" in loaded ? loaded.data?.dateMutedUntil : undefined;
}
