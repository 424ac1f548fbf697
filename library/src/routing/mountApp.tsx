import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { Provider } from "react-redux";
import { getStore } from "@library/src/redux/store";
import { AppRouter } from "@library/src/routing/AppRouter";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";

/** Render the single-page app (shared store, router, toasts) into `#app`. Returns null when there is no #app. */
export function mountApp(container: HTMLElement | null = document.getElementById("app")): Root | null {
  if (!container) return null;
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <Provider store={getStore()}>
        <AppRouter />
        <ToastContainer />
      </Provider>
    </StrictMode>,
  );
  document.body.classList.remove("isLoading");
  return root;
}
