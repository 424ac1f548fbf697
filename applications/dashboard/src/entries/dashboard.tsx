// The admin dashboard: shared styles, the TitleBar widget and other mount points, and the dashboard's route
// tree in `<div id="app">` when the page has one.
import "@library/src/theme/fonts.css";
import "@library/src/theme/global.css";
import "@library/src/theme/pages.css";
// The title bar (and its CSS) before the app, so every entry orders the shared stylesheets the same way.
import "@library/src/titleBar/mountPageChrome";
import { startAppPage } from "@library/src/entries/startAppPage";

startAppPage();
