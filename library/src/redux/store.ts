import { configureStore } from "@reduxjs/toolkit";
import { rootReducer, type RootState } from "@library/src/redux/rootReducer";

/** A fresh store (tests use one each); pages use the shared one from getStore(). */
export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore["dispatch"];

declare global {
  interface Window {
    /** The one store shared by every bundle loaded on the page. */
    __forumStore?: AppStore;
  }
}

/** The page's single store, shared through a global so several bundles never build two. */
export function getStore(): AppStore {
  window.__forumStore ??= createAppStore();
  return window.__forumStore;
}

/** Drop the shared store (tests). */
export function resetStore(): void {
  delete window.__forumStore;
}
