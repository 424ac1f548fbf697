import "../../api/knowledgeWidgets";
import { useState, type FormEvent } from "react";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { Button } from "@library/src/ui/Button/Button";
import { InputField } from "@library/src/ui/forms/InputField";
import { otherMessages } from "./formErrors";
import { postKnowledgeCategory } from "./knowledgeClientApi";

/** A manager's new category in a help center; the page shows it once made. */
export function KnowledgeCategoryForm({ knowledgeBaseID }: RenderedWidgetProps<"KnowledgeCategoryForm">) {
  const [name, setName] = useState("");
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await postKnowledgeCategory({ knowledgeBaseID, name });
      fullPageNavigate(`${window.location.pathname}${window.location.search}`);
    } catch (thrown) {
      setError(toApiError(thrown));
      setPending(false);
    }
  };

  return (
    <form className="kbForm kbCategoryForm" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h2 className="kbSection-title">{t("New Category")}</h2>
      <div className="kbCategoryForm-row">
        <InputField
          label={t("Name")}
          value={name}
          required
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          errors={error?.errors.name}
        />
        <Button type="submit" pending={pending}>
          {t("Add Category")}
        </Button>
      </div>
      {otherMessages(error, ["name"]).map((message) => (
        <p key={message} className="formGroup-errors" role="alert">
          {message}
        </p>
      ))}
    </form>
  );
}
