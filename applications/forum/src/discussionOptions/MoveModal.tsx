import { useCallback, useState } from "react";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { Checkbox } from "@library/src/ui/forms/Checkbox";
import { OptionsModal } from "./OptionsModal";
import { patchDiscussionOptions, searchCategories } from "./optionsApi";
import { SuggestionPicker, type Suggestion } from "./SuggestionPicker";

/** SPEC 9: category suggestions 100 ms after the last keystroke. */
export const CATEGORY_SUGGESTION_DEBOUNCE_MS = 100;

export interface MoveModalProps {
  discussionID: number;
  categoryID: number;
  onClose: () => void;
  onDone: () => void;
}

/**
 * 'Move Post': a category picker and 'Leave a redirect' (`addRedirects`: the old category keeps an entry that
 * leads to the discussion in its new place).
 */
export function MoveModal({ discussionID, categoryID, onClose, onDone }: MoveModalProps) {
  const [target, setTarget] = useState<Suggestion | null>(null);
  const [addRedirects, setAddRedirects] = useState(false);
  const action = useApiAction();
  const lookup = useCallback(
    async (query: string, signal: AbortSignal) =>
      (await searchCategories(query, signal))
        .filter((category) => category.categoryID !== categoryID)
        .map((category) => ({
          id: category.categoryID,
          label: category.name,
          detail: (category.breadcrumbs ?? []).map((crumb) => crumb.name).join(" › "),
        })),
    [categoryID],
  );
  const save = async () => {
    if (!target) return;
    const ok = await action.run(async () => {
      await patchDiscussionOptions(discussionID, { categoryID: target.id, addRedirects });
    });
    if (ok) onDone();
  };
  return (
    <OptionsModal
      title={t("Move Post")}
      onClose={onClose}
      onSubmit={() => void save()}
      pending={action.pending}
      error={action.error}
      submitLabel={t("Move")}
      submitDisabled={target === null}
    >
      <SuggestionPicker
        label={t("Category")}
        lookup={lookup}
        debounceMs={CATEGORY_SUGGESTION_DEBOUNCE_MS}
        selected={target}
        onSelect={setTarget}
      />
      <Checkbox
        label={t("Leave a redirect in the old category")}
        checked={addRedirects}
        onChange={(event) => setAddRedirects(event.target.checked)}
      />
    </OptionsModal>
  );
}
