// The bundle of server-rendered pages: shared styles, the TitleBar widget, toasts, then every `data-react`
// mount point on the page (the discussion page's widgets among them) and the page helpers.
import "@library/src/theme/fonts.css";
import "@library/src/theme/global.css";
import "@library/src/theme/pages.css";
// Pages are drawn from page trees: the layout sections' classes, as in the single-page app.
import "@library/src/layouts/layouts.css";
import "../styles/forumPages.css";
import "../layouts/listTabs.css";
import "../tags/tagLinks.css";
import "../notifications/notificationsPage.css";
import { startLegacyPage, whenDocumentReady } from "@library/src/entries/startLegacyPage";
import { startDiscussionPageHelpers } from "../posts/discussionPageHelpers";
import { registerPostWidgets } from "../posts/registerPostWidgets";
import { registerReactionWidgets } from "../reactions/registerReactionWidgets";
import { registerProfileWidgets } from "../profiles/registerProfileWidgets";
import { registerReadStateWidgets } from "../readState/registerReadStateWidgets";
import { registerCategoryWidgets } from "../categories/registerCategoryWidgets";
import { registerCollectionWidgets } from "../collections/registerCollectionWidgets";
import { registerBulkWidgets } from "../bulk/registerBulkWidgets";

registerPostWidgets();
registerReactionWidgets();
registerProfileWidgets();
registerReadStateWidgets();
registerCategoryWidgets();
registerCollectionWidgets();
registerBulkWidgets();
startLegacyPage();
whenDocumentReady(() => {
  startDiscussionPageHelpers();
});
