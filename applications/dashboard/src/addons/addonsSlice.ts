import type { Addon } from "@forum/api/addons";
import { createSlice, type WithSlice } from "@reduxjs/toolkit";
import { toApiError } from "@library/src/api/apiError";
import {
  LoadStatus,
  isLoadingOrLoaded,
  loading,
  pending,
  success,
  toError,
  type Loadable,
} from "@library/src/loadable/loadable";
import { createAppThunk } from "@library/src/redux/createAppThunk";
import { rootReducer, type RootState } from "@library/src/redux/rootReducer";
import { getAddons, patchAddon } from "./addonsApi";

interface AddonsState {
  list: Loadable<Addon[]>;
  /** The enable/disable request per add-on; its button is pending meanwhile. */
  toggleByID: Record<string, Loadable<Addon[]>>;
}

const initialState: AddonsState = { list: pending(), toggleByID: {} };

export const fetchAddons = createAppThunk<Addon[], { force?: boolean } | undefined>(
  "addons/listRequested",
  async (_args, { rejectWithValue }) => {
    try {
      return await getAddons();
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: (args, { getState }) => {
      const list = selectAddons(getState());
      if (list.status === LoadStatus.LOADING) return false;
      return args?.force === true || !isLoadingOrLoaded(list);
    },
  },
);

export interface AddonToggleArgs {
  addonID: string;
  /** The new value: the opposite of the current one. */
  enabled: boolean;
}

export const toggleAddon = createAppThunk<Addon[], AddonToggleArgs>(
  "addons/toggled",
  async ({ addonID, enabled }, { rejectWithValue }) => {
    try {
      return await patchAddon(addonID, enabled);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: ({ addonID }, { getState }) =>
      selectAddonToggle(getState(), addonID).status !== LoadStatus.LOADING,
  },
);

export const addonsSlice = createSlice({
  name: "addons",
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchAddons.pending, (state) => {
        state.list = loading<Addon[]>(state.list);
      })
      .addCase(fetchAddons.fulfilled, (state, action) => {
        state.list = success<Addon[]>(action.payload);
      })
      .addCase(fetchAddons.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.list = toError<Addon[]>(action.payload ?? toApiError(action.error), state.list);
      })
      .addCase(toggleAddon.pending, (state, action) => {
        state.toggleByID[action.meta.arg.addonID] = loading<Addon[]>();
      })
      .addCase(toggleAddon.fulfilled, (state, action) => {
        state.toggleByID[action.meta.arg.addonID] = success<Addon[]>(action.payload);
        if (state.list.status !== LoadStatus.SUCCESS) return;
        const changed = new Map(action.payload.map((addon) => [addon.addonID, addon]));
        state.list.data = state.list.data.map((addon) => changed.get(addon.addonID) ?? addon);
      })
      .addCase(toggleAddon.rejected, (state, action) => {
        if (action.meta.condition) return;
        state.toggleByID[action.meta.arg.addonID] = toError<Addon[]>(
          action.payload ?? toApiError(action.error),
        );
      });
  },
});

declare module "@library/src/redux/rootReducer" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof addonsSlice> {}
}

export const injectedAddonsSlice = addonsSlice.injectInto(rootReducer);

const IDLE: Loadable<Addon[]> = pending();

export function selectAddons(state: RootState): Loadable<Addon[]> {
  return injectedAddonsSlice.selectSlice(state).list;
}

export function selectAddonToggle(state: RootState, addonID: string): Loadable<Addon[]> {
  return injectedAddonsSlice.selectSlice(state).toggleByID[addonID] ?? IDLE;
}
