import { useMemo } from "react";
import { BrowserRouter, useRoutes } from "react-router";
import { getBootstrap } from "@library/src/bootstrap/bootstrap";
import { ErrorBoundary } from "@library/src/registry/ErrorBoundary";
import { ErrorPage } from "@library/src/routing/ErrorPage";
import { NotFoundPage } from "@library/src/routing/NotFoundPage";
import { getRoutes } from "@library/src/routing/routeRegistry";

/** The registered routes plus a catch-all NotFoundPage; render errors show the error page. */
export function AppRoutes() {
  const routes = useMemo(() => [...getRoutes(), { path: "*", element: <NotFoundPage /> }], []);
  const element = useRoutes(routes);
  return (
    <ErrorBoundary name="route" fallback={() => <ErrorPage />}>
      {element}
    </ErrorBoundary>
  );
}

export function AppRouter() {
  const basePath = getBootstrap().basePath;
  return (
    <BrowserRouter {...(basePath ? { basename: basePath } : {})}>
      <AppRoutes />
    </BrowserRouter>
  );
}
