// The bundle of server-rendered pages: shared styles, the TitleBar widget, toasts, then every `data-react`
// mount point on the page (the discussion page's widgets among them) and the page helpers.
// Pages are drawn from page trees: the layout sections' classes, as in the single-page app (shared styles, in
// the order every entry uses).
import "../styles/sharedPageStyles";
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
import { installRegisterNameCheck } from "../registration/registerNameCheck";

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
  installRegisterNameCheck(document);
});
