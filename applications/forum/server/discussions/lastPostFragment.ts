import type { PostFragment } from "@forum/api/discussions";
import type { UserFragment } from "@forum/api/users";
import { toApiDate } from "@library/server/http/dates";
import { commentUrl, discussionUrl } from "../content/urls";
import type { DiscussionRow } from "./discussionRows";

export type LastPostRow = Pick<
  DiscussionRow,
  | "discussionID"
  | "name"
  | "insertUserID"
  | "dateInserted"
  | "lastCommentID"
  | "lastUserID"
  | "dateLastComment"
>;

/** Who wrote a discussion's latest post: the last commenter, or the author when nobody has commented. */
export function lastPostAuthorID(row: LastPostRow): number {
  return row.lastCommentID ? row.lastUserID : row.insertUserID;
}

/** PostFragment (API.md 7.1 `lastPost`): the latest comment, or the discussion itself. */
export function presentLastPost(row: LastPostRow, insertUser?: UserFragment): PostFragment {
  return {
    discussionID: row.discussionID,
    ...(row.lastCommentID ? { commentID: row.lastCommentID } : {}),
    name: row.name,
    url: row.lastCommentID ? commentUrl(row.lastCommentID) : discussionUrl(row.discussionID, row.name),
    dateInserted: toApiDate(row.lastCommentID ? row.dateLastComment : row.dateInserted),
    insertUserID: lastPostAuthorID(row),
    ...(insertUser ? { insertUser } : {}),
  };
}
