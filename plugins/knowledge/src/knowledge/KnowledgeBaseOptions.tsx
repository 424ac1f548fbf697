import "../../api/knowledgeWidgets";
import { useState, type FormEvent } from "react";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { Button } from "@library/src/ui/Button/Button";
import { DropDownItemButton } from "@library/src/ui/DropDownMenu/DropDownItems";
import { DropDownMenu } from "@library/src/ui/DropDownMenu/DropDownMenu";
import { InputField } from "@library/src/ui/forms/InputField";
import { Modal } from "@library/src/ui/Modal/Modal";
import { kbPaths } from "../../api/knowledgeUrls";
import { otherMessages } from "./formErrors";
import { deleteKnowledgeBase, patchKnowledgeBase } from "./knowledgeClientApi";
import { KnowledgeConfirmDialog } from "./KnowledgeConfirmDialog";

type Dialog = "edit" | "delete" | null;

/** A manager's options of a knowledge base: 'Edit Knowledge Base' (name, description) and 'Delete Knowledge Base'. */
export function KnowledgeBaseOptions({
  knowledgeBaseID,
  name: savedName,
  description: savedDescription,
}: RenderedWidgetProps<"KnowledgeBaseOptions">) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [name, setName] = useState(savedName);
  const [description, setDescription] = useState(savedDescription);
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);

  const openEdit = () => {
    setName(savedName);
    setDescription(savedDescription);
    setError(null);
    setDialog("edit");
  };
  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const base = await patchKnowledgeBase(knowledgeBaseID, { name, description });
      fullPageNavigate(base.url);
    } catch (thrown) {
      setError(toApiError(thrown));
      setPending(false);
    }
  };

  return (
    <>
      <DropDownMenu label={t("Knowledge Base Options")} buttonVariant="standard" buttonContent={t("Options")}>
        <DropDownItemButton onClick={openEdit}>{t("Edit Knowledge Base")}</DropDownItemButton>
        <DropDownItemButton onClick={() => setDialog("delete")}>
          {t("Delete Knowledge Base")}
        </DropDownItemButton>
      </DropDownMenu>
      <Modal isVisible={dialog === "edit"} onClose={() => setDialog(null)} title={t("Edit Knowledge Base")}>
        <form className="kbForm" onSubmit={(event) => void onSave(event)} noValidate>
          <InputField
            label={t("Name")}
            value={name}
            required
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            errors={error?.errors.name}
          />
          <InputField
            label={t("Description")}
            value={description}
            maxLength={500}
            onChange={(event) => setDescription(event.target.value)}
            errors={error?.errors.description}
          />
          {otherMessages(error, ["name", "description"]).map((message) => (
            <p key={message} className="formGroup-errors" role="alert">
              {message}
            </p>
          ))}
          <div className="kbConfirm-actions">
            <Button onClick={() => setDialog(null)} disabled={pending}>
              {t("Cancel")}
            </Button>
            <Button type="submit" variant="primary" pending={pending}>
              {t("Save")}
            </Button>
          </div>
        </form>
      </Modal>
      <KnowledgeConfirmDialog
        isVisible={dialog === "delete"}
        title={t("Delete Knowledge Base")}
        message={t("Delete this knowledge base with all its categories and articles? This cannot be undone.")}
        confirmLabel={t("Delete")}
        onCancel={() => setDialog(null)}
        onConfirm={async () => {
          await deleteKnowledgeBase(knowledgeBaseID);
          fullPageNavigate(kbPaths.home());
        }}
      />
    </>
  );
}
