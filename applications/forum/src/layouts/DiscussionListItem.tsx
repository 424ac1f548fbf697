import type { Discussion } from "@forum/api/discussions";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { DateTime } from "@library/src/formatting/DateTime";
import { t } from "@library/src/i18n/translate";
import { AuthorName } from "@applications/forum/src/layouts/AuthorName";
import { AuthorPhoto } from "@applications/forum/src/layouts/AuthorPhoto";
import { CountLabel } from "@applications/forum/src/layouts/CountLabel";

/** One row: the server page's `discussionListItem` markup, with relative dates and abbreviated counts. */
export function DiscussionListItem({ discussion }: { discussion: Discussion }) {
  return (
    <li className="discussionList-item">
      <AuthorPhoto user={discussion.insertUser} />
      <div className="discussionList-main">
        <h3 className="discussionList-title">
          <a href={siteUrl(discussion.url)}>{discussion.name}</a>
        </h3>
        <div className="discussionList-meta">
          {discussion.pinned ? (
            <span className="metaBadge metaBadge-announcement">{t("Announcement")}</span>
          ) : null}
          {discussion.closed ? <span className="metaBadge">{t("Closed")}</span> : null}
          <span>
            <AuthorName user={discussion.insertUser} />
          </span>
          {discussion.category ? (
            <span>
              <a className="discussionList-category" href={siteUrl(discussion.category.url)}>
                {discussion.category.name}
              </a>
            </span>
          ) : null}
          <span>
            <CountLabel count={discussion.countComments} one="comment" many="comments" />
          </span>
          <span>
            <DateTime timestamp={discussion.dateLastComment ?? discussion.dateInserted} />
          </span>
        </div>
      </div>
    </li>
  );
}
