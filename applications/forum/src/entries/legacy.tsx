// The bundle of server-rendered pages: shared styles, the TitleBar widget, toasts, then every `data-react`
// mount point on the page.
import "@library/src/theme/fonts.css";
import "@library/src/theme/global.css";
import "@library/src/theme/pages.css";
import "../styles/forumPages.css";
import { startLegacyPage } from "@library/src/entries/startLegacyPage";

startLegacyPage();
