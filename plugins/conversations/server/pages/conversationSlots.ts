import "../../api/conversationWidgets";
import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import type { AppContext } from "@library/server/app/appContext";
import { html } from "@library/server/pages/html";
import type { Viewer } from "@library/server/permissions/viewer";
import { conversationsEnabled } from "../conversations/conversationAccess";

async function canMessage(context: AppContext, viewer: Viewer): Promise<boolean> {
  return viewer.has("conversations.add") && (await conversationsEnabled(context));
}

/**
 * What the add-on adds to the forum's pages: 'Share In Message' in every post's Share menu and 'Message' on
 * another member's profile, for members who may message while private conversations are on. Both go with the
 * add-on.
 */
export function registerConversationSlots(registrar: AddonRegistrar): void {
  registrar.pageSlot("post.share", {
    component: "ShareInMessage",
    // The link is the Share menu's (its shared post), not a prop: every post's item is the same node.
    props: async ({ app, viewer }) => ((await canMessage(app, viewer)) ? {} : null),
  });
  registrar.pageSlot("profile.actions", {
    component: "ProfileMessageButton",
    props: async ({ app, viewer, user }) =>
      user.banned !== 1 && (await canMessage(app, viewer))
        ? { href: `/messages/add/${encodeURIComponent(user.name)}` }
        : null,
    html: ({ href }, { t }) => html`<a class="button button-primary" href="${href}">${t("Message")}</a>`,
  });
}
