import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { PostReportProps, ReportableRecordType } from "@forum/api/reports";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { ESCALATIONS_ENABLED } from "../moderation/moderationSettings";
import { loadReportMeta } from "./reportMeta";

/** SPEC 1: the reports of one record in the queue (opened in a new tab). */
export function reportsUrl(recordType: ReportableRecordType, recordID: number): string {
  return `/dashboard/content/reports?statuses=none&recordType=${recordType}&recordID=${recordID}`;
}

/** Whether the viewer may report a post (flag.add, signed in, not their own). */
export function canReport(viewer: Viewer, post: { insertUserID: number }): boolean {
  return !viewer.isGuest && viewer.has("flag.add") && post.insertUserID !== viewer.userID;
}

/**
 * The report controls of the discussion and of each comment on its page (same order as `comments`): Report
 * for members with flag.add (the icon button when escalations are on), and for moderators the count of open
 * reports with the link to them. Two queries for the page, only for moderators.
 */
export async function postReportProps(
  context: AppContext,
  viewer: Viewer,
  discussion: Discussion,
  comments: readonly Comment[],
): Promise<{ discussion: PostReportProps; comments: PostReportProps[] }> {
  const iconButton = context.settings.peek<boolean>(ESCALATIONS_ENABLED) === true;
  const [discussionMeta, commentMeta] = await Promise.all([
    loadReportMeta(context, viewer, "discussion", [discussion.discussionID]),
    loadReportMeta(
      context,
      viewer,
      "comment",
      comments.map((comment) => comment.commentID),
    ),
  ]);
  const props = (
    recordType: ReportableRecordType,
    recordID: number,
    post: { insertUserID: number },
    countReports: number | undefined,
  ): PostReportProps => ({
    canReport: canReport(viewer, post),
    iconButton,
    ...(countReports !== undefined ? { countReports } : {}),
    ...(countReports ? { reportsUrl: reportsUrl(recordType, recordID) } : {}),
  });
  return {
    discussion: props(
      "discussion",
      discussion.discussionID,
      discussion,
      discussionMeta.get(discussion.discussionID)?.countReports,
    ),
    comments: comments.map((comment) =>
      props("comment", comment.commentID, comment, commentMeta.get(comment.commentID)?.countReports),
    ),
  };
}
