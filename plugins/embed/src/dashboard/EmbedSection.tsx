import { useEffect, useId, useState, type FormEvent } from "react";
import type { Category } from "@forum/api/categories";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { FormGroup } from "@library/src/ui/forms/FormGroup";
import { Loader } from "@library/src/ui/Loader/Loader";
import type { EmbedSettings } from "../../api/embedApi";
import { fetchEmbedSettings, fetchPostableCategories, patchEmbedSettings } from "./embedAdminApi";
import "./embedSection.css";

/** The code a site owner pastes: a place holder, then the loader. */
export function embedSnippet(holder: string, loaderScript: string): string {
  return `${holder}\n<script>${loaderScript}</script>`;
}

/** Domains typed one per line (or separated by spaces or commas), each once. */
export function parseDomains(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/**
 * Dashboard › Embedding: the domains allowed to show the forum in a frame, the category of blog comments, and
 * the code to paste on the embedding site.
 */
export function EmbedSection() {
  const [settings, setSettings] = useState<EmbedSettings | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [domains, setDomains] = useState("");
  const [categoryID, setCategoryID] = useState("");
  const [error, setError] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const domainsID = useId();
  const categoryFieldID = useId();

  const show = (loaded: EmbedSettings) => {
    setSettings(loaded);
    setDomains(loaded.allowedDomains.join("\n"));
    setCategoryID(loaded.commentsCategoryID === null ? "" : String(loaded.commentsCategoryID));
  };

  useEffect(() => {
    Promise.all([fetchEmbedSettings(), fetchPostableCategories()])
      .then(([loaded, postable]) => {
        show(loaded);
        setCategories(postable);
      })
      .catch((thrown: unknown) => setError(toApiError(thrown)));
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setSaved(false);
    setError(null);
    patchEmbedSettings({
      allowedDomains: parseDomains(domains),
      commentsCategoryID: categoryID ? Number(categoryID) : null,
    })
      .then((updated) => {
        show(updated);
        setSaved(true);
      })
      .catch((thrown: unknown) => setError(toApiError(thrown)))
      .finally(() => setSaving(false));
  };

  const fieldErrors = (field: string) =>
    error?.errors[field] ??
    Object.entries(error?.errors ?? {})
      .filter(([key]) => key.startsWith(`${field}/`))
      .flatMap(([, items]) => items);

  if (!settings)
    return error ? (
      <p className="embedSection-error" role="alert">
        {error.message}
      </p>
    ) : (
      <Loader />
    );

  return (
    <div className="embedSection">
      <form className="embedSection-form" aria-label={t("Embedding")} onSubmit={submit}>
        <FormGroup
          label={t("Allowed domains")}
          inputID={domainsID}
          errors={fieldErrors("allowedDomains")}
          description={t("One per line, with the scheme: https://blog.example.com")}
          descriptionID={`${domainsID}-description`}
        >
          <textarea
            id={domainsID}
            className="input embedSection-domains"
            rows={4}
            value={domains}
            aria-describedby={`${domainsID}-description`}
            onChange={(event) => setDomains(event.target.value)}
          />
        </FormGroup>
        <FormGroup
          label={t("Blog comments category")}
          inputID={categoryFieldID}
          errors={fieldErrors("commentsCategoryID")}
        >
          <select
            id={categoryFieldID}
            className="input dashboardSelect"
            value={categoryID}
            onChange={(event) => setCategoryID(event.target.value)}
          >
            <option value="">{t("No blog comments")}</option>
            {categories.map((category) => (
              <option key={category.categoryID} value={category.categoryID}>
                {category.name}
              </option>
            ))}
          </select>
        </FormGroup>
        {error && Object.keys(error.errors).length === 0 ? (
          <p className="embedSection-error" role="alert">
            {error.message}
          </p>
        ) : null}
        <div className="embedSection-actions">
          <Button type="submit" variant="primary" disabled={saving}>
            {t("Save")}
          </Button>
          {saved ? <span role="status">{t("Saved")}</span> : null}
        </div>
      </form>
      <section className="embedSection-snippets" aria-labelledby="embed-snippets-title">
        <h2 id="embed-snippets-title">{t("Code to paste")}</h2>
        <p>{t("Comments of a blog post (its discussion is created on the first view):")}</p>
        <pre className="embedSection-code" aria-label={t("Blog comments code")}>
          <code>{embedSnippet('<div data-forum-embed="comments"></div>', settings.loaderScript)}</code>
        </pre>
        <p>{t("The recent discussions (add data-category with a category's url code for one category):")}</p>
        <pre className="embedSection-code" aria-label={t("Discussion list code")}>
          <code>{embedSnippet('<div data-forum-embed="discussions"></div>', settings.loaderScript)}</code>
        </pre>
      </section>
    </div>
  );
}
