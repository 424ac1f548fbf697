import { pageIsForMember } from "@library/src/bootstrap/bootstrap";
import { registerLazyComponent } from "@library/src/registry/componentRegistry";
import { registerReplyWidgets } from "@applications/forum/src/replies/registerReplyWidgets";
import { whenDocumentReady } from "@library/src/entries/startLegacyPage";
import { hideCommentSortButtons, installCommentSortSelect } from "./commentSortSelect";

let sortInstalled = false;

/**
 * Register the discussion page and post form widgets for their `data-react` mount points. Each is a lazy chunk
 * (docs/lazy-widgets.md): a page fetches only the widgets it shows.
 */
export function registerPostWidgets(): void {
  // A member's page fetches what members may do with a post together with the row (no second wait).
  registerLazyComponent("PostActions", () =>
    import("./PostActions").then(async (module) => {
      if (pageIsForMember()) await module.preloadMemberPostActions();
      return module.PostActions;
    }),
  );
  registerLazyComponent("DiscussionOptionsMenu", () =>
    import("./DiscussionOptionsMenu").then((module) => module.DiscussionOptionsMenu),
  );
  registerLazyComponent("CommentComposer", () =>
    import("./CommentComposer").then((module) => module.CommentComposer),
  );
  registerLazyComponent("CommentSort", () => import("./CommentSort").then((module) => module.CommentSort));
  registerLazyComponent("DiscussionPager", () =>
    import("./DiscussionPager").then((module) => module.DiscussionPager),
  );
  registerLazyComponent("NewDiscussionForm", () =>
    import("./NewDiscussionForm").then((module) => module.NewDiscussionForm),
  );
  registerLazyComponent("EditDiscussionForm", () =>
    import("./EditDiscussionForm").then((module) => module.EditDiscussionForm),
  );
  registerLazyComponent("DraftsList", () =>
    import("@applications/forum/src/drafts/DraftsList").then((module) => module.DraftsList),
  );
  registerLazyComponent("ChangeLogList", () =>
    import("@applications/forum/src/changeLog/ChangeLogList").then((module) => module.ChangeLogList),
  );
  registerReplyWidgets();
  // Server pages write 'Sort by' as a form: one listener loads a chosen order at once.
  if (sortInstalled || typeof document === "undefined") return;
  sortInstalled = true;
  installCommentSortSelect(document);
  whenDocumentReady(() => hideCommentSortButtons(document));
}
