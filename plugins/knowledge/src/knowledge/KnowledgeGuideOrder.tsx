import "../../api/knowledgeWidgets";
import { useEffect, useRef, useState } from "react";
import { toApiError } from "@library/src/api/apiError";
import { formatText, t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { Button } from "@library/src/ui/Button/Button";
import { reorderSorts } from "./categoryOrder";
import { patchArticle } from "./knowledgeClientApi";

type GuideArticle = RenderedWidgetProps<"KnowledgeGuideOrder">["articles"][number];

/**
 * An editor's reading order of a guide: each article moves one place up or down (buttons, so the order is kept
 * by keyboard; focus stays on the moved article). The page's contents follow on the next load.
 */
export function KnowledgeGuideOrder({ articles: initial }: RenderedWidgetProps<"KnowledgeGuideOrder">) {
  const [articles, setArticles] = useState<GuideArticle[]>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (!focusKey || !list) return;
    const [id, action] = focusKey.split(":");
    const target = [action, action === "up" ? "down" : "up"]
      .map((key) => list.querySelector<HTMLElement>(`[data-focus-key="${id}:${key}"]`))
      .find((element) => element && !element.hasAttribute("disabled"));
    target?.focus();
    setFocusKey(null);
  }, [focusKey, articles]);

  const move = async (article: GuideArticle, step: -1 | 1) => {
    setBusy(true);
    setError(null);
    try {
      const changes = reorderSorts(articles, article, step);
      for (const { item, sort } of changes) await patchArticle(item.articleID, { sort });
      const sorts = new Map(changes.map(({ item, sort }) => [item.articleID, sort]));
      setArticles((current) =>
        current
          .map((item) => ({ ...item, sort: sorts.get(item.articleID) ?? item.sort }))
          .sort((a, b) => a.sort - b.sort || a.articleID - b.articleID),
      );
      setFocusKey(`${article.articleID}:${step < 0 ? "up" : "down"}`);
    } catch (thrown) {
      setError(toApiError(thrown).message);
    } finally {
      setBusy(false);
    }
  };

  if (articles.length < 2) return null;
  return (
    <section className="kbCategoryManager" aria-labelledby="kb-guide-order-title">
      <h2 id="kb-guide-order-title" className="kbSection-title">
        {t("Reading Order")}
      </h2>
      {error && (
        <p className="formGroup-errors" role="alert">
          {error}
        </p>
      )}
      <ol className="kbCategoryManager-list" ref={listRef} aria-busy={busy || undefined}>
        {articles.map((article, index) => (
          <li key={article.articleID} className="kbCategoryManager-item">
            <span className="kbCategoryManager-name" dir="auto">
              {article.name}
            </span>
            <span className="kbCategoryManager-actions">
              <Button
                compact
                aria-label={formatText(t("Move {name} up"), { name: article.name })}
                disabled={busy || index === 0}
                data-focus-key={`${article.articleID}:up`}
                onClick={() => void move(article, -1)}
              >
                ↑
              </Button>
              <Button
                compact
                aria-label={formatText(t("Move {name} down"), { name: article.name })}
                disabled={busy || index === articles.length - 1}
                data-focus-key={`${article.articleID}:down`}
                onClick={() => void move(article, 1)}
              >
                ↓
              </Button>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
