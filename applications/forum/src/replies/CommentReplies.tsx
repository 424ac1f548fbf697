import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import "./replies.css";

export type CommentRepliesProps = RenderedWidgetProps<"CommentReplies">;

/** A comment's replies in the threaded view, under their collapse toggle (the server page writes the same list). */
export function CommentReplies({ parentCommentID, toggle, items }: CommentRepliesProps) {
  return (
    <div className="commentReplies">
      {toggle}
      <ol className="commentReplies-list" id={`Replies_${parentCommentID}`} aria-label={t("Replies")}>
        {items.map((item, index) => (
          <li key={index} className="commentReplies-item">
            {item}
          </li>
        ))}
      </ol>
    </div>
  );
}
