import type { Comment } from "@forum/api/comments";
import type { ReplyDisplay } from "@forum/api/categories";
import type { ReplyDisplayPreference } from "@forum/api/commentThreads";
import { apiv2 } from "@library/src/api/apiClient";

/** Typed calls of threaded replies (API.md 8.4, GET/PUT /comments/reply-display). */

export async function postReply(body: {
  discussionID: number;
  parentCommentID: number;
  body: string;
  format: "rich2";
}): Promise<Comment> {
  const response = await apiv2.post<Comment>("comments", body);
  return response.data;
}

export async function saveReplyDisplay(replyDisplay: ReplyDisplay): Promise<void> {
  await apiv2.put<ReplyDisplayPreference>("comments/reply-display", { replyDisplay });
}

/** A guest's choice, kept in this browser for a year (the server reads it with the page). */
export function rememberGuestReplyDisplay(replyDisplay: ReplyDisplay): void {
  document.cookie = `replyDisplay=${replyDisplay}; path=/; max-age=31536000; samesite=lax`;
}
