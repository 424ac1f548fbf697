import type { ReactNode } from "react";
import type { Comment } from "@forum/api/comments";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { DateTime } from "@library/src/formatting/DateTime";
import { formatText, t } from "@library/src/i18n/translate";
import { AuthorName } from "@applications/forum/src/layouts/AuthorName";
import { AuthorPhoto } from "@applications/forum/src/layouts/AuthorPhoto";
import { PostBody } from "@applications/forum/src/layouts/PostBody";

/** One comment: the server page's `commentArticle`, its `PostActions` node under the body. */
export function CommentItem({ comment, actions }: { comment: Comment; actions?: ReactNode }) {
  return (
    <article
      className="post post-comment"
      id={`Comment_${comment.commentID}`}
      aria-label={formatText(t("Comment by {name}"), { name: comment.insertUser?.name ?? t("Unknown") })}
    >
      <header className="post-header">
        <AuthorPhoto user={comment.insertUser} />
        <div className="post-author">
          <AuthorName user={comment.insertUser} />
          <a className="post-permalink" href={siteUrl(comment.url)}>
            <DateTime timestamp={comment.dateInserted} />
          </a>
        </div>
      </header>
      <PostBody html={comment.body} />
      {actions ? <div className="postActions">{actions}</div> : null}
    </article>
  );
}
