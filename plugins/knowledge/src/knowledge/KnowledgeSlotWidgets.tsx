import "../../api/knowledgeWidgets";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";

/**
 * 'Turn this answer into an article' under a post in the single-page discussion: the same form the server page
 * writes, posted to `/kb/from-discussion` (which makes the draft and opens its editor).
 */
export function KnowledgeFromPost({
  discussionID,
  commentID,
  categories,
}: RenderedWidgetProps<"KnowledgeFromPost">) {
  return (
    <details className="kbFromPost">
      <summary className="kbFromPost-summary">{t("Turn into an article")}</summary>
      <form method="post" action="/kb/from-discussion" className="kbFromPost-form">
        <input type="hidden" name="discussionID" value={discussionID} />
        {commentID !== null && <input type="hidden" name="commentID" value={commentID} />}
        <label className="kbFromPost-label">
          {t("Knowledge category")}
          <select name="knowledgeCategoryID" className="inputText">
            {categories.map((category) => (
              <option key={category.knowledgeCategoryID} value={category.knowledgeCategoryID}>
                {category.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          {t("Create Draft Article")}
        </button>
      </form>
    </details>
  );
}

/** The articles made from the discussion, under its original post. */
export function KnowledgeSourceArticles({ articles }: RenderedWidgetProps<"KnowledgeSourceArticles">) {
  return (
    <aside className="kbSourceArticles">
      <p>
        {t("This discussion became an article:")}{" "}
        {articles.map((article, index) => (
          <span key={article.url}>
            {index > 0 && ", "}
            <a href={article.url} dir="auto">
              {article.name}
            </a>
          </span>
        ))}
      </p>
    </aside>
  );
}
