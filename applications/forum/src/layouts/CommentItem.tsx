import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { DateTime } from "@library/src/formatting/DateTime";
import { formatText, t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { AuthorExtras } from "@applications/forum/src/layouts/AuthorExtras";
import { AuthorName } from "@applications/forum/src/layouts/AuthorName";
import { AuthorPhoto } from "@applications/forum/src/layouts/AuthorPhoto";
import { PostBody } from "@applications/forum/src/layouts/PostBody";
import { UnreadDivider } from "@applications/forum/src/readState/JumpToUnread";
import {
  CommentPositionContext,
  CommentSelectCheckbox,
  InCommentItemContext,
} from "@applications/forum/src/bulk/CommentSelectCheckbox";
import { selectCommentSelection } from "@applications/forum/src/bulk/commentSelectionSlice";
import { useAppSelector } from "@library/src/redux/hooks";

export type CommentItemProps = RenderedWidgetProps<"CommentItem">;

/**
 * One comment as the server page writes it: author, date, body, signature, reactions, actions and slot widgets;
 * in the threaded view, its replies under it. Moderators get a selection
 * box for splitting or deleting comments; a comment split off or deleted leaves the page.
 */
export function CommentItem(props: CommentItemProps) {
  const { comment } = props;
  const removed = useAppSelector(selectCommentSelection).removed.includes(comment.commentID);
  // Replies stay: a split or delete of a comment does not take its replies with it.
  const replies = (
    <CommentPositionContext.Provider value={null}>{props.replies}</CommentPositionContext.Provider>
  );
  if (removed) return replies;
  return (
    <InCommentItemContext.Provider value={true}>
      {props.isFirstUnread ? <UnreadDivider /> : null}
      <article
        className={props.isFirstUnread ? "post post-comment isFirstUnread" : "post post-comment"}
        id={`Comment_${comment.commentID}`}
        aria-label={formatText(t("Comment by {name}"), { name: comment.insertUser?.name ?? t("Unknown") })}
      >
        <header className="post-header">
          <CommentSelectCheckbox comment={comment} />
          <AuthorPhoto user={comment.insertUser} />
          <div className="post-author">
            <AuthorName user={comment.insertUser} />
            <AuthorExtras user={comment.insertUser} />
            <a className="post-permalink" href={siteUrl(comment.url)}>
              <DateTime timestamp={comment.dateInserted} />
            </a>
          </div>
        </header>
        <PostBody html={comment.body} />
        {props.signature}
        <div className="reactionsBarWidget">{props.reactions}</div>
        <div className="postActions">{props.actions}</div>
        {props.extraActions.length > 0 ? <div className="post-extraActions">{props.extraActions}</div> : null}
      </article>
      {replies}
    </InCommentItemContext.Provider>
  );
}
