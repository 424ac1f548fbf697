import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { CountLabel } from "@applications/forum/src/layouts/CountLabel";
import { newDiscussionPath } from "@applications/forum/src/layouts/forumLayoutPaths";
import "@applications/forum/src/layouts/forumWidgets.css";
import "@applications/forum/src/layouts/CategoriesWidget.css";

/**
 * A category page's title, description and counts, with Follow for members and 'New Discussion' for those allowed
 * to post in it.
 */
export function CategoryHeader({
  category,
  canPost,
  newDiscussionUrl,
  follow,
}: RenderedWidgetProps<"CategoryHeader">) {
  // Guests get the address of sign-in (then the form); members who may not post get no button.
  const postUrl = canPost ? newDiscussionPath(category.categoryID) : newDiscussionUrl;
  return (
    <header className="categoryHeader">
      <div className="categoryHeader-main">
        <h1 className="categoryHeader-title" dir="auto">
          {category.name}
        </h1>
        {category.description ? <p className="categoryHeader-description">{category.description}</p> : null}
        <div className="categoryItem-meta">
          <CountLabel
            count={category.countDiscussions}
            noun={t("{count, plural, one {discussion} other {discussions}}")}
          />
          <CountLabel
            count={category.countComments}
            noun={t("{count, plural, one {comment} other {comments}}")}
          />
        </div>
      </div>
      <div className="categoryHeader-actions">
        {follow}
        {postUrl ? (
          <a className="button button-primary categoryHeader-newDiscussion" href={siteUrl(postUrl)}>
            {t("New Discussion")}
          </a>
        ) : null}
      </div>
    </header>
  );
}
