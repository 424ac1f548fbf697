import "../../api/knowledgeWidgets";
import { useState, type FormEvent } from "react";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { Button } from "@library/src/ui/Button/Button";
import { InputField } from "@library/src/ui/forms/InputField";
import { slugOf } from "../../api/knowledgeUrls";
import type { KnowledgeBaseViewType } from "../../api/knowledgeApi";
import { otherMessages } from "./formErrors";
import { postKnowledgeBase } from "./knowledgeClientApi";

/** A manager's new knowledge base: name, URL code (from the name until typed), description and layout. */
export function KnowledgeBaseForm() {
  const [name, setName] = useState("");
  const [urlCode, setUrlCode] = useState<string | null>(null);
  const [description, setDescription] = useState("");
  const [viewType, setViewType] = useState<KnowledgeBaseViewType>("help");
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);
  const code = urlCode ?? slugOf(name);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const base = await postKnowledgeBase({ name, urlCode: code, description, viewType });
      fullPageNavigate(base.url);
    } catch (thrown) {
      setError(toApiError(thrown));
      setPending(false);
    }
  };

  return (
    <form className="kbForm" onSubmit={(event) => void onSubmit(event)} noValidate>
      <InputField
        label={t("Name")}
        value={name}
        required
        maxLength={100}
        onChange={(event) => setName(event.target.value)}
        errors={error?.errors.name}
      />
      <InputField
        label={t("URL code")}
        value={code}
        required
        maxLength={100}
        description={t("Lower-case letters, digits and dashes: /kb/{code}").replace("{code}", code || "…")}
        onChange={(event) => setUrlCode(event.target.value)}
        errors={error?.errors.urlCode}
      />
      <div className="formGroup">
        <label className="formGroup-label" htmlFor="kb-description">
          {t("Description")}
        </label>
        <textarea
          id="kb-description"
          className="inputText inputTextArea"
          rows={3}
          maxLength={500}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <fieldset className="kbForm-layouts">
        <legend className="formGroup-label">{t("Layout")}</legend>
        <label className="kbForm-choice">
          <input
            type="radio"
            name="viewType"
            checked={viewType === "help"}
            onChange={() => setViewType("help")}
          />
          <span>
            <strong>{t("Help Center")}</strong> {t("Categories with their articles.")}
          </span>
        </label>
        <label className="kbForm-choice">
          <input
            type="radio"
            name="viewType"
            checked={viewType === "guide"}
            onChange={() => setViewType("guide")}
          />
          <span>
            <strong>{t("Guide")}</strong> {t("Articles read in order, with previous and next.")}
          </span>
        </label>
      </fieldset>
      {otherMessages(error, ["name", "urlCode"]).map((message) => (
        <p key={message} className="formGroup-errors" role="alert">
          {message}
        </p>
      ))}
      <div className="kbForm-actions">
        <Button type="submit" variant="primary" disabled={pending}>
          {t("Create Knowledge Base")}
        </Button>
      </div>
    </form>
  );
}
