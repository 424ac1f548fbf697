import type { TagFragment } from "@forum/api/tags";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import "./tagLinks.css";

/** The tag page of a tag: the discussion list narrowed to it. */
export function tagPagePath(tagID: number): string {
  return `/discussions?tagID=${tagID}`;
}

/** A discussion's tags as links to their tag pages, as the server writes them (`tagLinksHtml`). */
export function TagLinks({ tags }: { tags: readonly TagFragment[] | undefined }) {
  if (!tags || tags.length === 0) return null;
  return (
    <ul className="tagLinks" aria-label={t("Tags")}>
      {tags.map((tag) => (
        <li key={tag.tagID}>
          <a className="tagLink" href={siteUrl(tagPagePath(tag.tagID))}>
            {tag.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The `PostTags` widget of the discussion page's `discussion.meta` slot. */
export function PostTags({ tags }: RenderedWidgetProps<"PostTags">) {
  return <TagLinks tags={tags} />;
}
