import { useId } from "react";
import { plural } from "@library/src/i18n/plural";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { CommentBulkActionsHost } from "@applications/forum/src/bulk/CommentBulkActions";
import { CommentPositionContext } from "@applications/forum/src/bulk/CommentSelectCheckbox";
import "@applications/forum/src/layouts/forumWidgets.css";
import "@applications/forum/src/layouts/PostAssets.css";

export type CommentThreadAssetProps = RenderedWidgetProps<"CommentThreadAsset">;

function commentCountText(count: number): string {
  return plural(t("{count, plural, one {# Comment} other {# Comments}}"), count);
}

/**
 * The comments of a discussion page: count heading, flat/threaded switch and sort, the rendered `CommentItem`
 * nodes (nested in the threaded view), the pager.
 */
export function CommentThreadAsset({
  comments,
  sort,
  pager,
  totalComments,
  threaded,
  replyDisplay,
}: CommentThreadAssetProps) {
  const headingID = useId();
  if (comments.length === 0 && !pager) return null;
  // Each comment's place on the page: its selection box is labelled with it.
  const positioned = comments.map((comment, index) => (
    <CommentPositionContext.Provider key={index} value={index + 1}>
      {comment}
    </CommentPositionContext.Provider>
  ));
  return (
    <section className="commentList" aria-labelledby={totalComments > 0 ? headingID : undefined}>
      {totalComments > 0 || replyDisplay ? (
        <div className="commentList-header">
          {totalComments > 0 ? (
            <h2 className="commentList-title" id={headingID}>
              {commentCountText(totalComments)}
            </h2>
          ) : null}
          {replyDisplay ? <div className="replyDisplayWidget">{replyDisplay}</div> : null}
          {sort ? <div className="commentSortWidget">{sort}</div> : null}
        </div>
      ) : null}
      {threaded ? <div className="commentThread">{positioned}</div> : positioned}
      {pager ? <div className="pagerWidget">{pager}</div> : null}
      <CommentBulkActionsHost />
    </section>
  );
}
