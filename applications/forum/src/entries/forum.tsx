// The single-page forum: the routes whose `customLayout.*` flag is on render from their layouts; the other
// pages stay server-rendered. Shared styles and the TitleBar widget as on every page.
import "../styles/sharedPageStyles";
// The title bar (and its CSS) before the app, so every entry orders the shared stylesheets the same way.
import "@library/src/titleBar/mountPageChrome";
import { startAppPage } from "@library/src/entries/startAppPage";
import { whenDocumentReady } from "@library/src/entries/startLegacyPage";
import { layoutRoutes } from "@library/src/layouts/layoutRouteElements";
import { registerLayoutComponents } from "@library/src/layouts/registerLayoutComponents";
import { registerRoutes } from "@library/src/routing/routeRegistry";
import { registerForumLayoutWidgets } from "../layouts/registerForumLayoutWidgets";
import { startDiscussionPageHelpers } from "../posts/discussionPageHelpers";
import { registerPostWidgets } from "../posts/registerPostWidgets";
import { registerReactionWidgets } from "../reactions/registerReactionWidgets";
import { registerProfileWidgets } from "../profiles/registerProfileWidgets";
import { registerReadStateWidgets } from "../readState/registerReadStateWidgets";
import { registerCategoryWidgets } from "../categories/registerCategoryWidgets";
import { registerCollectionWidgets } from "../collections/registerCollectionWidgets";

registerLayoutComponents();
registerForumLayoutWidgets();
registerPostWidgets();
registerReactionWidgets();
registerProfileWidgets();
registerReadStateWidgets();
registerCategoryWidgets();
registerCollectionWidgets();
registerRoutes(layoutRoutes());
startAppPage();
whenDocumentReady(() => {
  startDiscussionPageHelpers();
});
