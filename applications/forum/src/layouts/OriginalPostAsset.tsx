import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { DateTime } from "@library/src/formatting/DateTime";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { AuthorExtras } from "@applications/forum/src/layouts/AuthorExtras";
import { AuthorName } from "@applications/forum/src/layouts/AuthorName";
import { AuthorPhoto } from "@applications/forum/src/layouts/AuthorPhoto";
import { PostBody } from "@applications/forum/src/layouts/PostBody";
import "@applications/forum/src/layouts/forumWidgets.css";
import "@applications/forum/src/layouts/PostAssets.css";

export type OriginalPostAssetProps = RenderedWidgetProps<"OriginalPostAsset">;

/**
 * The discussion's first post, as the server page writes it: the title with the bookmark toggle and the options
 * menu, author, date, category and the `discussion.meta` slot, the body, the signature, reactions, actions and
 * the `post.actions` slot.
 */
export function OriginalPostAsset(props: OriginalPostAssetProps) {
  const { discussion } = props;
  return (
    <article
      className="post post-discussion"
      id={`Discussion_${discussion.discussionID}`}
      aria-labelledby={`Discussion_${discussion.discussionID}-title`}
    >
      <header className="post-header post-header-discussion">
        <h1 className="post-title" id={`Discussion_${discussion.discussionID}-title`} dir="auto">
          {discussion.name}
        </h1>
        <span className="bookmarkToggleWidget">{props.bookmark}</span>
        {props.options ? <div className="post-options">{props.options}</div> : null}
      </header>
      <div className="post-meta">
        <AuthorPhoto user={discussion.insertUser} />
        <div className="post-author">
          <AuthorName user={discussion.insertUser} />
          <AuthorExtras user={discussion.insertUser} />
          <a className="post-permalink" href={siteUrl(discussion.url)}>
            <DateTime timestamp={discussion.dateInserted} />
          </a>
          {discussion.category ? (
            <a className="post-category" href={siteUrl(discussion.category.url)} dir="auto">
              {discussion.category.name}
            </a>
          ) : null}
          {discussion.closed ? <span className="metaBadge">{t("Closed")}</span> : null}
          {props.meta.length > 0 ? <span className="post-metaSlot">{props.meta}</span> : null}
        </div>
      </div>
      <PostBody html={discussion.body} />
      {props.signature}
      <div className="reactionsBarWidget">{props.reactions}</div>
      <div className="postActions">{props.actions}</div>
      {props.extraActions.length > 0 ? <div className="post-extraActions">{props.extraActions}</div> : null}
    </article>
  );
}
