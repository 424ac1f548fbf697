// The admin dashboard: shared styles, the TitleBar widget and other mount points, and the dashboard's route
// tree in `<div id="app">` when the page has one (sections from the page's embedded list; add-ons register
// their sections' components through their dashboard entries before the router renders).
import "@library/src/theme/fonts.css";
import "@library/src/theme/global.css";
import "@library/src/theme/pages.css";
// The title bar (and its CSS) before the app, so every entry orders the shared stylesheets the same way.
import "@library/src/titleBar/mountPageChrome";
import { startAppPage } from "@library/src/entries/startAppPage";
import { registerRoutes } from "@library/src/routing/routeRegistry";
import { readDashboardBootstrap } from "../shell/dashboardBootstrap";
import { dashboardRoutes } from "../shell/dashboardRoutes";
import { registerDashboardSections } from "../shell/registerDashboardSections";

const bootstrap = readDashboardBootstrap();
if (bootstrap) {
  registerDashboardSections();
  registerRoutes(dashboardRoutes(bootstrap.sections));
}
startAppPage();
