import { createContext, useContext } from "react";

export interface FlyoutContextValue {
  /** Close the flyout and give focus back to its button. */
  close: () => void;
}

export const FlyoutContext = createContext<FlyoutContextValue>({ close: () => undefined });

export function useFlyout(): FlyoutContextValue {
  return useContext(FlyoutContext);
}
