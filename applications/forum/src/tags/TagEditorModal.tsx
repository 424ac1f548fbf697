import { useEffect, useState, type FormEvent } from "react";
import type { Discussion } from "@forum/api/discussions";
import type { TagFragment } from "@forum/api/tags";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError } from "@library/src/api/apiError";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { usePermissionsChecker } from "@library/src/permissions/usePermissionsChecker";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { Modal } from "@library/src/ui/Modal/Modal";
import { TagInput } from "./TagInput";
import { patchDiscussionTags, putDiscussionTags } from "./tagsApi";
import { tagFieldsOf, type TagToken } from "./tagTokens";

export interface TagEditorModalProps {
  discussionID: number;
  onClose: () => void;
  /** The discussion's tags after a successful save (SPEC 4: they replace the old ones). */
  onDone: (tags: TagFragment[]) => void;
}

async function loadTags(discussionID: number): Promise<TagToken[]> {
  const response = await apiv2.get<Discussion>(`discussions/${discussionID}`, { params: { expand: "tags" } });
  return (response.data.tags ?? []).map((tag) => ({ tagID: tag.tagID, name: tag.name }));
}

/**
 * The options menu's tag editor: the discussion's tags in a TagInput; saving replaces them (`PUT …/tags`, or
 * `PATCH` with `newTagNames` when the member adds names no tag has yet, which needs tags.add).
 */
export function TagEditorModal({ discussionID, onClose, onDone }: TagEditorModalProps) {
  const [tokens, setTokens] = useState<TagToken[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const action = useApiAction();
  const can = usePermissionsChecker();

  useEffect(() => {
    let current = true;
    loadTags(discussionID)
      .then((loaded) => current && setTokens(loaded))
      .catch((error: unknown) => current && setLoadError(toApiError(error).message));
    return () => {
      current = false;
    };
  }, [discussionID]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!tokens || action.pending) return;
    const fields = tagFieldsOf(tokens);
    let saved: TagFragment[] = [];
    const ok = await action.run(async () => {
      saved =
        fields.newTagNames.length > 0
          ? await patchDiscussionTags(discussionID, fields)
          : await putDiscussionTags(discussionID, fields.tagIDs);
    });
    if (ok) onDone(saved);
  };

  return (
    <Modal isVisible onClose={onClose} title={t("Tags")} size="medium" className="tagEditorModal">
      <form onSubmit={(event) => void submit(event)} noValidate>
        {tokens === null && !loadError ? <Loader size="medium" /> : null}
        {loadError ? (
          <p className="tagEditor-error" role="alert">
            {loadError}
          </p>
        ) : null}
        {tokens !== null ? (
          <TagInput value={tokens} onChange={setTokens} allowNew={can("tags.add")} autoFocus />
        ) : null}
        {action.error ? (
          <p className="tagEditor-error" role="alert">
            {action.error.description ?? action.error.message}
          </p>
        ) : null}
        <div className="tagEditor-actions">
          <Button onClick={onClose} disabled={action.pending}>
            {t("Cancel")}
          </Button>
          <Button type="submit" variant="primary" pending={action.pending} disabled={tokens === null}>
            {t("Save")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
