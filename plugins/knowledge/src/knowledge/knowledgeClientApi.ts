import { apiv2 } from "@library/src/api/apiClient";
import type {
  Article,
  ArticlePatch,
  ArticlePost,
  ArticleRevision,
  KnowledgeBase,
  KnowledgeBasePatch,
  KnowledgeBasePost,
  KnowledgeCategory,
  KnowledgeCategoryPatch,
  KnowledgeCategoryPost,
} from "../../api/knowledgeApi";

/** Typed calls of the knowledge add-on, over the shared `apiv2` instance. */

export async function postKnowledgeBase(body: KnowledgeBasePost): Promise<KnowledgeBase> {
  return (await apiv2.post<KnowledgeBase>("knowledge-bases", body)).data;
}

export async function postKnowledgeCategory(body: KnowledgeCategoryPost): Promise<KnowledgeCategory> {
  return (await apiv2.post<KnowledgeCategory>("knowledge-categories", body)).data;
}

export async function postArticle(body: ArticlePost): Promise<Article> {
  return (await apiv2.post<Article>("articles", body)).data;
}

export async function patchArticle(articleID: number, body: ArticlePatch): Promise<Article> {
  return (await apiv2.patch<Article>(`articles/${articleID}`, body)).data;
}

export async function patchKnowledgeBase(
  knowledgeBaseID: number,
  body: KnowledgeBasePatch,
): Promise<KnowledgeBase> {
  return (await apiv2.patch<KnowledgeBase>(`knowledge-bases/${knowledgeBaseID}`, body)).data;
}

export async function deleteKnowledgeBase(knowledgeBaseID: number): Promise<void> {
  await apiv2.delete(`knowledge-bases/${knowledgeBaseID}`);
}

export async function patchKnowledgeCategory(
  knowledgeCategoryID: number,
  body: KnowledgeCategoryPatch,
): Promise<KnowledgeCategory> {
  return (await apiv2.patch<KnowledgeCategory>(`knowledge-categories/${knowledgeCategoryID}`, body)).data;
}

export async function deleteKnowledgeCategory(knowledgeCategoryID: number): Promise<void> {
  await apiv2.delete(`knowledge-categories/${knowledgeCategoryID}`);
}

export async function deleteArticle(articleID: number): Promise<void> {
  await apiv2.delete(`articles/${articleID}`);
}

export async function getArticleRevisions(articleID: number): Promise<ArticleRevision[]> {
  return (await apiv2.get<ArticleRevision[]>(`articles/${articleID}/revisions`)).data;
}

export async function restoreArticleRevision(articleRevisionID: number): Promise<Article> {
  return (await apiv2.post<Article>(`article-revisions/${articleRevisionID}/restore`)).data;
}
