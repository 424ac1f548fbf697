import type { AppContext } from "@library/server/app/appContext";
import { forumServices } from "@library/server/addons/forumServices";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import type { ArticleFromDiscussion } from "../../api/knowledgeApi";
import { KB_ARTICLES_ADD } from "../knowledgePermissions";
import { createArticle } from "./articleCommands";

/**
 * 'Turn this answer into an article': a draft article in a knowledge category with the discussion's title and
 * the body of the discussion (or of one of its comments) as written, linked to it. Returns the article's id.
 */
export async function createArticleFromDiscussion(
  context: AppContext,
  viewer: Viewer,
  body: ArticleFromDiscussion,
): Promise<number> {
  viewer.require(KB_ARTICLES_ADD);
  await forumServices().viewableDiscussion(context, viewer, body.discussionID);
  const discussion = await context.db
    .selectFrom("discussions")
    .select(["name", "body", "format"])
    .where("discussionID", "=", body.discussionID)
    .executeTakeFirstOrThrow();
  let source = { body: discussion.body, format: discussion.format };
  if (body.commentID !== undefined) {
    const comment = await context.db
      .selectFrom("comments")
      .select(["body", "format"])
      .where("commentID", "=", body.commentID)
      .where("discussionID", "=", body.discussionID)
      .where("deleteLogID", "is", null)
      .where("tombstone", "=", 0)
      .executeTakeFirst();
    if (!comment) throw new NotFoundError("Comment");
    source = comment;
  }
  return createArticle(
    context,
    viewer,
    {
      knowledgeCategoryID: body.knowledgeCategoryID,
      name: discussion.name,
      body: source.body,
      format: source.format,
      status: "draft",
    },
    { discussionID: body.discussionID, commentID: body.commentID ?? null },
  );
}
