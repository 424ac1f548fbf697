import "../../api/pollWidgets";
import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import { pollDefinitionOf } from "./pollDefinition";
import { presentPoll } from "./pollsQueries";

/**
 * The poll under the original post of a poll discussion. The page holds the poll as anyone of the viewer's
 * roles sees it (no one's own vote, so the page stays shared); the widget then loads the member's own state.
 */
export function registerPollWidget(registrar: AddonRegistrar): void {
  registrar.pageSlot("discussion.afterOriginalPost", {
    component: "PollWidget",
    sort: -10,
    props: async ({ app, viewer, discussion }) => {
      const definition = pollDefinitionOf(discussion.postTypeID, discussion.postMeta);
      if (!definition) return null;
      const poll = await presentPoll(app, viewer, discussion, definition, { own: false });
      return { discussionID: discussion.discussionID, poll };
    },
  });
}
