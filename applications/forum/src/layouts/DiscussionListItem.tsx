import type { ReactNode } from "react";
import type { Discussion } from "@forum/api/discussions";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { DateTime } from "@library/src/formatting/DateTime";
import { t } from "@library/src/i18n/translate";
import { classNames } from "@library/src/ui/classNames";
import { AuthorName } from "@applications/forum/src/layouts/AuthorName";
import { AuthorPhoto } from "@applications/forum/src/layouts/AuthorPhoto";
import { CountLabel } from "@applications/forum/src/layouts/CountLabel";
import { UnreadBadge, discussionHref } from "@applications/forum/src/readState/UnreadBadge";
import { TagLinks } from "@applications/forum/src/tags/TagLinks";

function StatusBadges({ discussion }: { discussion: Discussion }) {
  return (
    <>
      {discussion.pinned ? (
        <span className="metaBadge metaBadge-announcement">{t("Announcement")}</span>
      ) : null}
      {discussion.closed ? <span className="metaBadge metaBadge-closed">{t("Closed")}</span> : null}
      {discussion.resolved ? <span className="metaBadge metaBadge-resolved">{t("Resolved")}</span> : null}
    </>
  );
}

/** "Most recent by Ana 3 hours ago" once someone has replied, else just when it started. */
function LastActivity({ discussion, profileCard }: { discussion: Discussion; profileCard: boolean }) {
  const date = <DateTime timestamp={discussion.dateLastComment ?? discussion.dateInserted} />;
  if (discussion.countComments === 0 || !discussion.lastUser)
    return <span className="discussionList-last">{date}</span>;
  return (
    <span className="discussionList-last">
      {t("Most recent by")} <AuthorName user={discussion.lastUser} profileCard={profileCard} /> {date}
    </span>
  );
}

/** One row: the server page's `discussionListItem` markup, with relative dates and abbreviated counts. */
export function DiscussionListItem({
  discussion,
  selectControl,
  profileCards = false,
}: {
  discussion: Discussion;
  /** The bulk selection checkbox (moderators), before the author's photo. */
  selectControl?: ReactNode;
  /** The viewer may read profiles: names open the profile card. */
  profileCards?: boolean;
}) {
  return (
    <li
      className={classNames(
        "discussionList-item",
        discussion.unread && "isUnread",
        discussion.pinned && "isAnnouncement",
      )}
    >
      {selectControl}
      <AuthorPhoto user={discussion.insertUser} />
      <div className="discussionList-main">
        <h3 className="discussionList-title">
          <a href={siteUrl(discussionHref(discussion))} dir="auto">
            {discussion.name}
          </a>
          <UnreadBadge discussion={discussion} />
        </h3>
        <div className="discussionList-meta">
          <StatusBadges discussion={discussion} />
          <span className="discussionList-author">
            {t("Started by")} <AuthorName user={discussion.insertUser} profileCard={profileCards} />
          </span>
          {discussion.category ? (
            <span>
              <a className="discussionList-category" href={siteUrl(discussion.category.url)} dir="auto">
                {discussion.category.name}
              </a>
            </span>
          ) : null}
          <span>
            <CountLabel
              count={discussion.countComments}
              noun={t("{count, plural, one {comment} other {comments}}")}
            />
          </span>
          <span>
            <CountLabel count={discussion.countViews} noun={t("{count, plural, one {view} other {views}}")} />
          </span>
          <LastActivity discussion={discussion} profileCard={profileCards} />
          <TagLinks tags={discussion.tags} />
        </div>
      </div>
    </li>
  );
}
