// The single-page forum: shared styles and the TitleBar widget; pages with `<div id="app">` get the router
// (the forum's SPA routes are registered here as the features arrive).
import "@library/src/theme/fonts.css";
import "@library/src/theme/global.css";
import "@library/src/theme/pages.css";
import "../styles/forumPages.css";
// The title bar (and its CSS) before the app, so every entry orders the shared stylesheets the same way.
import "@library/src/titleBar/mountPageChrome";
import { startAppPage } from "@library/src/entries/startAppPage";

startAppPage();
