import { registerComponent } from "@library/src/registry/componentRegistry";
import { ChangeLogList } from "@applications/forum/src/changeLog/ChangeLogList";
import { DraftsList } from "@applications/forum/src/drafts/DraftsList";
import { CommentComposer } from "./CommentComposer";
import { CommentSort } from "./CommentSort";
import { DiscussionOptionsMenu } from "./DiscussionOptionsMenu";
import { DiscussionPager } from "./DiscussionPager";
import { EditDiscussionForm } from "./EditDiscussionForm";
import { NewDiscussionForm } from "./NewDiscussionForm";
import { PostActions } from "./PostActions";

/** Register the discussion page and post form widgets for their `data-react` mount points. */
export function registerPostWidgets(): void {
  registerComponent("PostActions", PostActions);
  registerComponent("DiscussionOptionsMenu", DiscussionOptionsMenu);
  registerComponent("CommentComposer", CommentComposer);
  registerComponent("CommentSort", CommentSort);
  registerComponent("DiscussionPager", DiscussionPager);
  registerComponent("NewDiscussionForm", NewDiscussionForm);
  registerComponent("EditDiscussionForm", EditDiscussionForm);
  registerComponent("DraftsList", DraftsList);
  registerComponent("ChangeLogList", ChangeLogList);
}
