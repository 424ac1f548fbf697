import type { AddonRegistrar } from "@library/server/addons/addonRegistrar";
import type { AppContext } from "@library/server/app/appContext";
import { checkFormOrigin } from "@library/server/auth/csrf";
import { html } from "@library/server/pages/html";
import type { FastifyRequest } from "fastify";
import { kbPaths } from "../../api/knowledgeUrls";
import "../../api/knowledgeWidgets";
import { createArticleFromDiscussion } from "../articles/articleFromDiscussion";
import { categoryTree, listKnowledgeCategoryRows } from "../knowledgeCategories/knowledgeCategoryQueries";
import { KB_ARTICLES_ADD, KB_VIEW } from "../knowledgePermissions";
import type { FormBody } from "./knowledgeFragments";
import { readOncePerPage } from "@library/server/pages/pageSlots";

/**
 * The knowledge categories an article can be made in, read once per page (every post of it offers them).
 */
const articleCategoriesOnPage = readOncePerPage(
  async (app: AppContext): Promise<{ knowledgeCategoryID: number; label: string }[]> => {
    const bases = await app.db
      .selectFrom("knowledgeBases")
      .select(["knowledgeBaseID", "name"])
      .orderBy("name")
      .execute();
    if (bases.length === 0) return [];
    const rows = await listKnowledgeCategoryRows(app.db);
    return bases.flatMap((base) =>
      categoryTree(rows.filter((row) => row.knowledgeBaseID === base.knowledgeBaseID)).map(
        ({ row, depth }) => ({
          knowledgeCategoryID: row.knowledgeCategoryID,
          label: depth === 0 ? base.name : `${base.name} › ${row.name}`,
        }),
      ),
    );
  },
);

/**
 * On the discussion page: 'Turn this answer into an article' under each post for article editors (a form that
 * makes a draft in the chosen category and opens it), and the articles made from the discussion under its
 * original post.
 */
export function registerKnowledgeSlots(registrar: AddonRegistrar): void {
  registrar.pageSlot("post.actions", {
    component: "KnowledgeFromPost",
    async props({ app, viewer, discussion, recordType, recordID }) {
      if (!viewer.has(KB_ARTICLES_ADD)) return null;
      const categories = await articleCategoriesOnPage(app, discussion);
      if (categories.length === 0) return null;
      return {
        discussionID: discussion.discussionID,
        commentID: recordType === "comment" ? recordID : null,
        categories,
      };
    },
    html: (
      props,
      { t },
    ) => html`<details class="kbFromPost"><summary class="kbFromPost-summary">${t("Turn into an article")}</summary>
      <form method="post" action="/kb/from-discussion" class="kbFromPost-form">
        <input type="hidden" name="discussionID" value="${props.discussionID}" />
        ${props.commentID !== null ? html`<input type="hidden" name="commentID" value="${props.commentID}" />` : ""}
        <label class="kbFromPost-label">${t("Knowledge category")}
          <select name="knowledgeCategoryID" class="inputText">${props.categories.map(
            (category) => html`<option value="${category.knowledgeCategoryID}">${category.label}</option>`,
          )}</select></label>
        <button type="submit" class="button">${t("Create Draft Article")}</button>
      </form></details>`,
  });
  registrar.pageSlot("discussion.afterOriginalPost", {
    component: "KnowledgeSourceArticles",
    async props({ app, viewer, discussion }) {
      if (!viewer.has(KB_VIEW)) return null;
      const rows = await app.db
        .selectFrom("articles")
        .select(["articleID", "name"])
        .where("discussionID", "=", discussion.discussionID)
        .where("status", "=", "published")
        .orderBy("articleID")
        .execute();
      if (rows.length === 0) return null;
      return {
        articles: rows.map((row) => ({ name: row.name, url: kbPaths.article(row.articleID, row.name) })),
      };
    },
    html: (props, { t }) =>
      html`<aside class="kbSourceArticles"><p>${t("This discussion became an article:")} ${props.articles.map(
        (article, index) =>
          html`${index > 0 ? ", " : ""}<a href="${article.url}" dir="auto">${article.name}</a>`,
      )}</p></aside>`,
  });
  registrar.pageRoutes((app, context) => {
    app.post("/kb/from-discussion", async (request: FastifyRequest<{ Body: FormBody }>, reply) => {
      checkFormOrigin(request, context.config.siteUrl);
      const form = request.body ?? {};
      const number = (value: string | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : 0);
      const commentID = number(form.commentID);
      const articleID = await createArticleFromDiscussion(context, request.viewer, {
        discussionID: number(form.discussionID),
        knowledgeCategoryID: number(form.knowledgeCategoryID),
        ...(commentID > 0 ? { commentID } : {}),
      });
      const article = await context.db
        .selectFrom("articles")
        .select("name")
        .where("articleID", "=", articleID)
        .executeTakeFirstOrThrow();
      return reply.redirect(kbPaths.editArticle(articleID, article.name), 303);
    });
  });
}
