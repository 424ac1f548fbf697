// The stylesheets every forum page shares, in one order for every entry (the single-page forum and the
// server-rendered pages' bundle). Both entries import this file first: the chunk they share then holds these
// rules in this order, where entries that imported them in orders of their own made webpack pick one and warn
// ("Conflicting order"). The profile page's rules are here too: they used to come only with the lazily loaded
// ban controls, so members and guests saw a profile without its styles.
import "@library/src/theme/fonts.css";
import "@library/src/theme/global.css";
import "@library/src/theme/pages.css";
import "@library/src/layouts/layouts.css";
import "./forumPages.css";
import "../layouts/listTabs.css";
import "../tags/tagLinks.css";
import "../readState/readState.css";
import "../replies/replyDisplaySwitch.css";
import "../profiles/profiles.css";
