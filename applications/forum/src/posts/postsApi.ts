import type { Comment, CommentEdit, CommentPatch, CommentPost, CommentQuote } from "@forum/api/comments";
import type {
  Discussion,
  DiscussionEdit,
  DiscussionPatch,
  DiscussionPost,
  DiscussionQuote,
} from "@forum/api/discussions";
import { apiv2 } from "@library/src/api/apiClient";

/** Typed calls for the discussion page widgets (API.md 7–8), over the shared `apiv2` instance. */

export type PostRecordType = "discussion" | "comment";

export async function getQuote(
  recordType: PostRecordType,
  recordID: number,
): Promise<DiscussionQuote | CommentQuote> {
  const path = recordType === "discussion" ? `discussions/${recordID}/quote` : `comments/${recordID}/quote`;
  const response = await apiv2.get<DiscussionQuote | CommentQuote>(path);
  return response.data;
}

export async function postComment(body: CommentPost): Promise<Comment> {
  const response = await apiv2.post<Comment>("comments", body);
  return response.data;
}

export async function getCommentEdit(commentID: number): Promise<CommentEdit> {
  const response = await apiv2.get<CommentEdit>(`comments/${commentID}/edit`);
  return response.data;
}

export async function patchComment(commentID: number, body: CommentPatch): Promise<Comment> {
  const response = await apiv2.patch<Comment>(`comments/${commentID}`, body);
  return response.data;
}

export async function deleteComment(commentID: number): Promise<void> {
  await apiv2.delete(`comments/${commentID}`);
}

export async function postDiscussion(body: DiscussionPost): Promise<Discussion> {
  const response = await apiv2.post<Discussion>("discussions", body);
  return response.data;
}

export async function getDiscussionEdit(discussionID: number): Promise<DiscussionEdit> {
  const response = await apiv2.get<DiscussionEdit>(`discussions/${discussionID}/edit`);
  return response.data;
}

export async function patchDiscussion(discussionID: number, body: DiscussionPatch): Promise<Discussion> {
  const response = await apiv2.patch<Discussion>(`discussions/${discussionID}`, body);
  return response.data;
}

export async function deleteDiscussion(discussionID: number): Promise<void> {
  await apiv2.delete(`discussions/${discussionID}`);
}

/** The rendered (sanitised) HTML of a post, as readers see it. */
export async function getRenderedBody(
  recordType: PostRecordType,
  recordID: number,
): Promise<string | undefined> {
  const path = recordType === "discussion" ? `discussions/${recordID}` : `comments/${recordID}`;
  return (await apiv2.get<{ body?: string }>(path)).data.body;
}
