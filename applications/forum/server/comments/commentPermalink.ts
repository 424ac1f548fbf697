import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { getCategoryTree } from "../categories/categoryTree";
import { discussionUrl } from "../content/urls";
import { DISCUSSION_PAGE_LIMIT } from "../discussions/discussionPage";
import { getViewableDiscussion } from "../discussions/discussionRows";
import { threadLocation } from "./commentThreads";
import { commentPage } from "./commentsQueries";
import { resolveReplyDisplay, type ReplyDisplayChoice } from "./replyDisplay";

/**
 * Where `/discussion/comment/{id}` leads: the page of the discussion holding the comment in the reader's view —
 * flat: its page in date order; threaded: its top-level comment's page with `?focus=` expanding the path down to
 * it — anchored at `#Comment_{id}`. `hasDraft=true` (a reply draft's 'Navigate to Draft') is kept. Null when the
 * comment is unknown or deleted; 403/404 for a discussion the viewer may not see.
 */
export async function commentPermalinkTarget(
  context: AppContext,
  viewer: Viewer,
  commentID: number,
  choice: ReplyDisplayChoice & { hasDraft?: boolean },
): Promise<string | null> {
  const [flat, threaded] = await Promise.all([
    commentPage(context.db, commentID, DISCUSSION_PAGE_LIMIT),
    threadLocation(context.db, commentID, DISCUSSION_PAGE_LIMIT),
  ]);
  const discussionID = flat?.discussionID ?? threaded?.discussionID;
  if (discussionID === undefined) return null;
  const { row } = await getViewableDiscussion(context, viewer, discussionID);
  const display = await resolveReplyDisplay(
    context.db,
    viewer,
    await getCategoryTree(context.db),
    row.categoryID,
    choice,
  );
  const base = discussionUrl(row.discussionID, row.name);
  const params = new URLSearchParams();
  let page: number;
  if (display === "threaded" && threaded) {
    page = threaded.page;
    if (threaded.rootID !== commentID) params.set("focus", String(commentID));
  } else if (flat) {
    page = flat.page;
  } else return null;
  if (choice.requested === "flat" || choice.requested === "threaded") params.set("replyDisplay", display);
  if (choice.hasDraft) params.set("hasDraft", "true");
  const query = params.toString();
  return `${page > 1 ? `${base}/p${page}` : base}${query ? `?${query}` : ""}#Comment_${commentID}`;
}
