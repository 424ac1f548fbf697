import { combineSlices } from "@reduxjs/toolkit";
import { currentUserSlice } from "@library/src/currentUser/currentUserSlice";
import { permissionsSlice } from "@library/src/permissions/permissionsSlice";
import { toastsSlice } from "@library/src/ui/Toast/toastsSlice";

/**
 * Slices that applications inject later. Each application merges its slice in:
 *
 *   declare module "@library/src/redux/rootReducer" {
 *     export interface LazyLoadedSlices extends WithSlice<typeof discussionsSlice> {}
 *   }
 *   export const injectedDiscussionsSlice = discussionsSlice.injectInto(rootReducer);
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  currentUserSlice,
  permissionsSlice,
  toastsSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
