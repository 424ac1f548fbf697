import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { FastifyRequest } from "fastify";
import { findKnowledgeBaseByUrlCode, type KnowledgeBaseRow } from "../knowledgeBases/knowledgeBaseQueries";
import { canEditArticles } from "../knowledgePermissions";

/** The base of `/kb/{urlCode}` (404 when there is none). */
export async function baseOfSlug(context: AppContext, slug: string): Promise<KnowledgeBaseRow> {
  const base = await findKnowledgeBaseByUrlCode(context.db, slug);
  if (!base) throw new NotFoundError("Knowledge base");
  return base;
}

/** The published articles of a base in reading order (sort, then id), and the drafts the viewer may see. */
export async function baseArticles(context: AppContext, request: FastifyRequest, knowledgeBaseID: number) {
  const rows = await context.db
    .selectFrom("articles")
    .selectAll()
    .where("knowledgeBaseID", "=", knowledgeBaseID)
    .orderBy("sort")
    .orderBy("articleID")
    .execute();
  const viewer = request.viewer;
  return {
    published: rows.filter((row) => row.status === "published"),
    drafts: rows.filter(
      (row) => row.status === "draft" && (canEditArticles(viewer) || row.insertUserID === viewer.userID),
    ),
  };
}
