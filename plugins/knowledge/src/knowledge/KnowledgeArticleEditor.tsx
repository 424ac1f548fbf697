import "../../api/knowledgeWidgets";
import type { Rich2Document } from "@forum/api/rich2";
import { useState, type FormEvent } from "react";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { RichEditor } from "@library/src/editor/RichEditor";
import { t } from "@library/src/i18n/translate";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { Button } from "@library/src/ui/Button/Button";
import { InputField } from "@library/src/ui/forms/InputField";
import type { ArticleStatus } from "../../api/knowledgeApi";
import { otherMessages } from "./formErrors";
import { patchArticle, postArticle } from "./knowledgeClientApi";

const EMPTY_DOCUMENT: Rich2Document = [{ type: "p", children: [{ text: "" }] }];

/** The stored body as a rich document: rich2 as it is, other formats' text in paragraphs. */
function documentOf(bodyRaw: string, format: string): Rich2Document {
  if (format === "rich2") {
    try {
      const parsed: unknown = JSON.parse(bodyRaw);
      if (Array.isArray(parsed) && parsed.length > 0) return parsed as Rich2Document;
    } catch {
      // Not a document: shown as text below.
    }
  }
  const paragraphs = bodyRaw.split(/\n{2,}/).filter((text) => text.trim() !== "");
  return paragraphs.length === 0
    ? EMPTY_DOCUMENT
    : paragraphs.map((text) => ({ type: "p", children: [{ text }] }));
}

/**
 * An editor's article form (new or existing): title, category, the site's rich editor, order, and Save Draft or
 * Publish; an article already published can be turned back into a draft. Opens the article once saved.
 */
export function KnowledgeArticleEditor({
  categories,
  article,
}: RenderedWidgetProps<"KnowledgeArticleEditor">) {
  const [name, setName] = useState(article?.name ?? "");
  const [categoryID, setCategoryID] = useState(
    article?.knowledgeCategoryID ?? categories[0]?.knowledgeCategoryID ?? 0,
  );
  const [sort, setSort] = useState(String(article?.sort ?? 0));
  const [initial] = useState(() => (article ? documentOf(article.bodyRaw, article.format) : EMPTY_DOCUMENT));
  const [document, setDocument] = useState<Rich2Document>(initial);
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState<ArticleStatus | null>(null);

  const save = async (status: ArticleStatus) => {
    setPending(status);
    setError(null);
    const body = {
      knowledgeCategoryID: categoryID,
      name,
      body: JSON.stringify(document),
      format: "rich2",
      status,
      sort: Number.parseInt(sort, 10) || 0,
    };
    try {
      const saved = article ? await patchArticle(article.articleID, body) : await postArticle(body);
      fullPageNavigate(saved.url);
    } catch (thrown) {
      setError(toApiError(thrown));
      setPending(null);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save("published");
  };

  return (
    <form className="kbForm kbArticleEditor" onSubmit={onSubmit} noValidate>
      <InputField
        label={t("Title")}
        value={name}
        required
        maxLength={255}
        onChange={(event) => setName(event.target.value)}
        errors={error?.errors.name}
      />
      <div className="kbArticleEditor-row">
        <div className="formGroup">
          <label className="formGroup-label" htmlFor="kb-article-category">
            {t("Category")}
          </label>
          <select
            id="kb-article-category"
            className="inputText"
            value={categoryID}
            onChange={(event) => setCategoryID(Number(event.target.value))}
          >
            {categories.map((category) => (
              <option key={category.knowledgeCategoryID} value={category.knowledgeCategoryID}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <InputField
          label={t("Order")}
          type="number"
          value={sort}
          onChange={(event) => setSort(event.target.value)}
          description={t("Lower numbers come first.")}
          errors={error?.errors.sort}
        />
      </div>
      <div className="formGroup">
        <span className="formGroup-label" aria-hidden="true">
          {t("Body")}
        </span>
        <div className="kbArticleEditor-body">
          <RichEditor value={initial} onChange={setDocument} label={t("Body")} uploads />
        </div>
        {(error?.errors.body ?? []).map((item) => (
          <p key={item.message} className="formGroup-errors" role="alert">
            {item.message}
          </p>
        ))}
      </div>
      {otherMessages(error, ["name", "body", "sort"]).map((message) => (
        <p key={message} className="formGroup-errors" role="alert">
          {message}
        </p>
      ))}
      <div className="kbForm-actions">
        <Button
          type="button"
          pending={pending === "draft"}
          disabled={pending !== null}
          onClick={() => void save("draft")}
        >
          {article?.status === "published" ? t("Unpublish") : t("Save Draft")}
        </Button>
        <Button type="submit" variant="primary" pending={pending === "published"} disabled={pending !== null}>
          {t("Publish")}
        </Button>
      </div>
    </form>
  );
}
