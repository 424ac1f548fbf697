import "../../api/searchWidgets";
import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";

/** A search box on every discussion page that searches that discussion's posts only. */
export function registerDiscussionSearchWidget(registrar: AddonRegistrar): void {
  registrar.pageSlot("discussion.afterOriginalPost", {
    component: "DiscussionSearch",
    props: ({ discussion }) => ({ discussionID: discussion.discussionID }),
    sort: 100,
  });
}
