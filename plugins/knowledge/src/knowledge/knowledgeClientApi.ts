import { apiv2 } from "@library/src/api/apiClient";
import type {
  Article,
  ArticlePatch,
  ArticlePost,
  KnowledgeBase,
  KnowledgeBasePost,
  KnowledgeCategory,
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
