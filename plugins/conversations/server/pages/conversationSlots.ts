import "../../api/conversationWidgets";
import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import type { AppContext } from "@library/server/app/appContext";
import { html } from "@library/server/pages/html";
import type { Viewer } from "@library/server/permissions/viewer";
import { conversationsEnabled } from "../conversations/conversationAccess";

/** SPEC 9: shared links carry utm_source=community-share. */
const SHARE_UTM_SOURCE = "community-share";

async function canMessage(context: AppContext, viewer: Viewer): Promise<boolean> {
  return viewer.has("conversations.add") && (await conversationsEnabled(context));
}

/**
 * A link the URL parser would give back unchanged: http(s), a lowercase host whose last label starts with a letter,
 * no port, no query, and a path of plain characters with no dot segment (`/./`, `/../`, `%2e`).
 */
const PLAIN_LINK = /^https?:\/\/(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*(?:\/(?!\.)[\w\-.~%]*)+$/;

/**
 * The post's permalink as shared: `utm_source=community-share`, its hash kept. Written for every post of every
 * page, so a plain permalink (the forum's own) takes the parameter by text; any other goes through a URL.
 */
export function sharedLink(url: string): string {
  const hashAt = url.indexOf("#");
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  if (PLAIN_LINK.test(beforeHash) && !/%2e/i.test(beforeHash))
    return `${beforeHash}?utm_source=${SHARE_UTM_SOURCE}${hashAt < 0 ? "" : url.slice(hashAt)}`;
  const parsed = new URL(url);
  parsed.searchParams.set("utm_source", SHARE_UTM_SOURCE);
  return parsed.toString();
}

/**
 * What the add-on adds to the forum's pages: 'Share In Message' in every post's Share menu and 'Message' on
 * another member's profile, for members who may message while private conversations are on. Both go with the
 * add-on.
 */
export function registerConversationSlots(registrar: AddonRegistrar): void {
  registrar.pageSlot("post.share", {
    component: "ShareInMessage",
    props: async ({ app, viewer, url }) =>
      (await canMessage(app, viewer))
        ? { href: `/messages/add?content=${encodeURIComponent(sharedLink(url))}` }
        : null,
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
