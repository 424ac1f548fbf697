import "../../api/groupsWidgets";
import { useId, useState, type FormEvent } from "react";
import { fieldError, toApiError, type ApiError } from "@library/src/api/apiError";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { Button } from "@library/src/ui/Button/Button";
import { postGroupDiscussion } from "./groupsClientApi";

/** A new discussion in a group: title, category and body (Markdown); opens the discussion once posted. */
export function GroupDiscussionForm({ groupID, categories }: RenderedWidgetProps<"GroupDiscussionForm">) {
  const titleID = useId();
  const categoryID = useId();
  const bodyID = useId();
  const [name, setName] = useState("");
  const [category, setCategory] = useState(String(categories[0]?.categoryID ?? ""));
  const [body, setBody] = useState("");
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      const discussion = await postGroupDiscussion({
        name: name.trim(),
        body,
        format: "markdown",
        categoryID: Number(category),
        groupID,
      });
      fullPageNavigate(siteUrl(discussion.url));
    } catch (thrown) {
      setError(toApiError(thrown));
      setPending(false);
    }
  };

  const errorOf = (field: string) => {
    const message = fieldError(error, field);
    return message ? (
      <p className="formGroup-errors" role="alert">
        {message}
      </p>
    ) : null;
  };
  return (
    <form className="entryForm postForm" onSubmit={(event) => void onSubmit(event)} noValidate>
      {error && Object.keys(error.errors).length === 0 && (
        <p className="formGroup-errors" role="alert">
          {error.message}
        </p>
      )}
      <div className="formGroup">
        <label className="formGroup-label" htmlFor={titleID}>
          {t("Title")}
        </label>
        <input
          className="inputText"
          id={titleID}
          maxLength={250}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        {errorOf("name")}
      </div>
      <div className="formGroup">
        <label className="formGroup-label" htmlFor={categoryID}>
          {t("Category")}
        </label>
        <select
          className="inputText"
          id={categoryID}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
        >
          {categories.map((item) => (
            <option key={item.categoryID} value={item.categoryID}>
              {item.name}
            </option>
          ))}
        </select>
        {errorOf("categoryID")}
      </div>
      <div className="formGroup">
        <label className="formGroup-label" htmlFor={bodyID}>
          {t("Body")}
        </label>
        <textarea
          className="inputText inputTextArea"
          id={bodyID}
          rows={8}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
        {errorOf("body")}
      </div>
      <Button type="submit" variant="primary" pending={pending}>
        {t("Post Discussion")}
      </Button>
    </form>
  );
}
