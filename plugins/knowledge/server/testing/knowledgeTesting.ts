import type { TestClient } from "@library/server/testing/testApp";
import type { Article, KnowledgeBase } from "../../api/knowledgeApi";

export {
  makeComment,
  makeDiscussion,
  signedInCast,
  postCategory,
  type SignedIn,
} from "@library/server/testing/apiPosts";

/** A rich2 body of one paragraph. */
export function richBody(text: string): string {
  return JSON.stringify([{ type: "p", children: [{ text }] }]);
}

/** A knowledge base made by a manager's client. */
export async function makeBase(
  client: TestClient,
  name: string,
  viewType: "guide" | "help" = "help",
): Promise<KnowledgeBase> {
  const response = await client.post<KnowledgeBase>("/api/v2/knowledge-bases", {
    name,
    urlCode: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    viewType,
  });
  if (response.status !== 201) throw new Error(`Knowledge base: ${response.status} ${response.text}`);
  return response.body;
}

/** An article made by an editor's client. */
export async function makeArticle(
  client: TestClient,
  knowledgeCategoryID: number,
  name: string,
  extra: { status?: "draft" | "published"; sort?: number; text?: string } = {},
): Promise<Article> {
  const response = await client.post<Article>("/api/v2/articles", {
    knowledgeCategoryID,
    name,
    body: richBody(extra.text ?? `${name} explained.`),
    format: "rich2",
    ...(extra.status ? { status: extra.status } : {}),
    ...(extra.sort !== undefined ? { sort: extra.sort } : {}),
  });
  if (response.status !== 201) throw new Error(`Article: ${response.status} ${response.text}`);
  return response.body;
}
