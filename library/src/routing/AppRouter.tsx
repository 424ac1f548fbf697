import { useEffect, useMemo } from "react";
import { BrowserRouter, matchRoutes, useNavigate, useRoutes } from "react-router";
import { getBootstrap } from "@library/src/bootstrap/bootstrap";
import { ErrorBoundary } from "@library/src/registry/ErrorBoundary";
import { ErrorPage } from "@library/src/routing/ErrorPage";
import { NotFoundPage } from "@library/src/routing/NotFoundPage";
import { installLinkHandling } from "@library/src/routing/linkHandling";
import { getRoutes } from "@library/src/routing/routeRegistry";

/** Links to routes of this app navigate in-app; other links load or leave through the interstitial (SPEC 2). */
function LinkHandling() {
  const navigate = useNavigate();
  useEffect(() => {
    const { basePath } = getBootstrap();
    return installLinkHandling(
      {
        origin: window.location.origin,
        basePath,
        isAppRoute: (path) => (matchRoutes(getRoutes(), path) ?? []).length > 0,
      },
      { navigate: (path) => void navigate(path) },
    );
  }, [navigate]);
  return null;
}

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
      <LinkHandling />
      <AppRoutes />
    </BrowserRouter>
  );
}
