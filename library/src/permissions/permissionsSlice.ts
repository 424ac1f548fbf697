import { createSlice } from "@reduxjs/toolkit";
import type { PermissionsResponse } from "@forum/api/users";
import { getBootstrap, hasBootstrap } from "@library/src/bootstrap/bootstrap";
import { loading, pending, success, toError, type Loadable } from "@library/src/loadable/loadable";
import { fetchPermissions } from "@library/src/permissions/permissionsThunks";

export interface PermissionsState {
  permissions: Loadable<PermissionsResponse>;
  requestID: string | null;
}

function initialState(): PermissionsState {
  return { permissions: hasBootstrap() ? success(getBootstrap().permissions) : pending(), requestID: null };
}

export const permissionsSlice = createSlice({
  name: "permissions",
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchPermissions.pending, (state, action) => {
        state.permissions = loading<PermissionsResponse>(state.permissions);
        state.requestID = action.meta.requestId;
      })
      .addCase(fetchPermissions.fulfilled, (state, action) => {
        if (state.requestID !== action.meta.requestId) return;
        state.permissions = success(action.payload);
        state.requestID = null;
      })
      .addCase(fetchPermissions.rejected, (state, action) => {
        if (state.requestID !== action.meta.requestId) return;
        const error = action.payload ?? {
          message: action.error.message ?? "Something went wrong.",
          status: 0,
          errors: {},
        };
        state.permissions = toError<PermissionsResponse>(error, state.permissions);
        state.requestID = null;
      });
  },
  selectors: {
    selectPermissionsLoadable: (state) => state.permissions,
  },
});

export const { selectPermissionsLoadable } = permissionsSlice.selectors;
