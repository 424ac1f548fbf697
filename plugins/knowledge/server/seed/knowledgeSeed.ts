import type { AppContext } from "@library/server/app/appContext";
import { DEMO_ADMIN_NAME } from "@library/server/app/seedDemo";
import { viewerForUser } from "@library/server/auth/viewerResolver";
import { nameKey } from "@library/server/users/createUserRecord";
import { createArticle } from "../articles/articleCommands";
import { createKnowledgeBase } from "../knowledgeBases/knowledgeBaseCommands";
import { createKnowledgeCategory } from "../knowledgeCategories/knowledgeCategoryCommands";
import { DEMO_ARTICLES, DEMO_BASE, DEMO_CATEGORIES } from "./knowledgeDemoArticles";

/**
 * The demo's Help Center: three categories and articles on using the forum, written by the administrator.
 * Runs once on a fresh demo site; a base already at its address is left as it is.
 */
export async function seedKnowledgeDemo(context: AppContext): Promise<void> {
  const taken = await context.db
    .selectFrom("knowledgeBases")
    .select("knowledgeBaseID")
    .where("urlCode", "=", DEMO_BASE.urlCode)
    .executeTakeFirst();
  const admin = await context.db
    .selectFrom("users")
    .select("userID")
    .where("nameKey", "=", nameKey(DEMO_ADMIN_NAME))
    .executeTakeFirst();
  const viewer = admin && !taken ? await viewerForUser(context, admin.userID) : null;
  if (!viewer) return;
  const baseID = await createKnowledgeBase(context, viewer, { ...DEMO_BASE, viewType: "help" });
  const base = await context.db
    .selectFrom("knowledgeBases")
    .select("rootCategoryID")
    .where("knowledgeBaseID", "=", baseID)
    .executeTakeFirstOrThrow();
  const categoryIDs = new Map<string, number>();
  for (const [sort, name] of DEMO_CATEGORIES.entries())
    categoryIDs.set(
      name,
      await createKnowledgeCategory(context, viewer, { knowledgeBaseID: baseID, name, sort }),
    );
  for (const [sort, article] of DEMO_ARTICLES.entries())
    await createArticle(context, viewer, {
      knowledgeCategoryID: (article.category && categoryIDs.get(article.category)) || base.rootCategoryID,
      name: article.name,
      body: article.body,
      format: "markdown",
      sort,
    });
}
