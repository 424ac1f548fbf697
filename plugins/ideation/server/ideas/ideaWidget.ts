import "../../api/ideationWidgets";
import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import { IDEA_TYPE, listIdeaStatuses, presentIdea } from "./ideaQueries";

/** The idea's votes and status under its original post, the same for every member of the same roles. */
export function registerIdeaWidget(registrar: AddonRegistrar): void {
  registrar.pageSlot("discussion.afterOriginalPost", {
    component: "IdeaVoting",
    sort: -10,
    props: async ({ app, viewer, discussion }) => {
      if (discussion.type !== IDEA_TYPE) return null;
      const [idea, statuses] = await Promise.all([
        presentIdea(app, viewer, discussion.discussionID, { own: false }),
        listIdeaStatuses(app.db),
      ]);
      return { discussionID: discussion.discussionID, idea, statuses };
    },
  });
}
