import type { ReactNode } from "react";
import type { Discussion } from "@forum/api/discussions";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { DateTime } from "@library/src/formatting/DateTime";
import { t } from "@library/src/i18n/translate";
import { AuthorName } from "@applications/forum/src/layouts/AuthorName";
import { AuthorPhoto } from "@applications/forum/src/layouts/AuthorPhoto";
import { PostBody } from "@applications/forum/src/layouts/PostBody";
import "@applications/forum/src/layouts/forumWidgets.css";
import "@applications/forum/src/layouts/PostAssets.css";

export interface OriginalPostAssetProps {
  discussion: Discussion;
  /** The rendered `DiscussionOptionsMenu` node. */
  options?: ReactNode;
  /** The rendered `PostActions` node. */
  actions?: ReactNode;
}

/** The discussion's first post: the server page's `post-discussion` article. */
export function OriginalPostAsset({ discussion, options, actions }: OriginalPostAssetProps) {
  return (
    <article
      className="post post-discussion"
      id={`Discussion_${discussion.discussionID}`}
      aria-labelledby={`Discussion_${discussion.discussionID}-title`}
    >
      <header className="post-header post-header-discussion">
        <h1 className="post-title" id={`Discussion_${discussion.discussionID}-title`}>
          {discussion.name}
        </h1>
        {options ? <div className="post-options">{options}</div> : null}
      </header>
      <div className="post-meta">
        <AuthorPhoto user={discussion.insertUser} />
        <div className="post-author">
          <AuthorName user={discussion.insertUser} />
          <a className="post-permalink" href={siteUrl(discussion.url)}>
            <DateTime timestamp={discussion.dateInserted} />
          </a>
          {discussion.category ? (
            <a className="post-category" href={siteUrl(discussion.category.url)}>
              {discussion.category.name}
            </a>
          ) : null}
          {discussion.closed ? <span className="metaBadge">{t("Closed")}</span> : null}
        </div>
      </div>
      <PostBody html={discussion.body} />
      {actions ? <div className="postActions">{actions}</div> : null}
    </article>
  );
}
