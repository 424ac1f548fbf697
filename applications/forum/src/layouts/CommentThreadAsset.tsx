import { useId, type ReactNode } from "react";
import type { Comment } from "@forum/api/comments";
import { formatFullNumber } from "@library/src/formatting/numbers";
import { formatText, t } from "@library/src/i18n/translate";
import { CommentItem } from "@applications/forum/src/layouts/CommentItem";
import "@applications/forum/src/layouts/forumWidgets.css";
import "@applications/forum/src/layouts/PostAssets.css";

export interface CommentThreadAssetProps {
  comments: Comment[];
  /** Rendered `PostActions` nodes, in the order of `comments`. */
  commentActions?: ReactNode[];
  /** The rendered `CommentSort` node. */
  sort?: ReactNode;
  /** The rendered `DiscussionPager` node. */
  pager?: ReactNode;
  totalComments: number;
}

function commentCountText(count: number): string {
  return count === 1 ? t("1 Comment") : formatText(t("{count} Comments"), { count: formatFullNumber(count) });
}

/** The comments of a discussion page: count heading and sort, each comment with its actions, the pager. */
export function CommentThreadAsset({
  comments,
  commentActions,
  sort,
  pager,
  totalComments,
}: CommentThreadAssetProps) {
  const headingID = useId();
  if (comments.length === 0) return null;
  return (
    <section className="commentList" aria-labelledby={headingID}>
      <div className="commentList-header">
        <h2 className="commentList-title" id={headingID}>
          {commentCountText(totalComments)}
        </h2>
        {sort ? <div className="commentSortWidget">{sort}</div> : null}
      </div>
      {comments.map((comment, index) => (
        <CommentItem key={comment.commentID} comment={comment} actions={commentActions?.[index]} />
      ))}
      {pager ? <div className="pagerWidget">{pager}</div> : null}
    </section>
  );
}
