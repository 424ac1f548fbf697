import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import "./replies.css";

export type CommentTombstoneProps = RenderedWidgetProps<"CommentTombstone">;

/** Where a comment deleted as a tombstone was: its replies stay under it. */
export function CommentTombstone({ commentID, replies }: CommentTombstoneProps) {
  return (
    <>
      <article
        className="post post-comment post-tombstone"
        id={`Comment_${commentID}`}
        aria-label={t("Deleted comment")}
      >
        <p className="post-tombstoneText">{t("This comment was deleted.")}</p>
      </article>
      {replies}
    </>
  );
}
