import type { ReactElement } from "react";
import { render, type RenderOptions } from "@testing-library/react";
import { Provider } from "react-redux";
import type { RootState } from "@library/src/redux/rootReducer";
import { createAppStore, type AppStore } from "@library/src/redux/store";

/** Render inside a Provider with a fresh store (or the one given). */
export function renderWithStore(
  ui: ReactElement,
  {
    store,
    preloadedState,
    ...options
  }: { store?: AppStore; preloadedState?: Partial<RootState> } & RenderOptions = {},
) {
  const usedStore = store ?? createAppStore(preloadedState);
  return { store: usedStore, ...render(<Provider store={usedStore}>{ui}</Provider>, options) };
}
