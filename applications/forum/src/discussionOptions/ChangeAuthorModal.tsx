import { useCallback, useState } from "react";
import { fetchMentionSuggestions, MENTION_DEBOUNCE_MS } from "@library/src/editor/mentions/mentionsApi";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { OptionsModal } from "./OptionsModal";
import { patchDiscussionOptions } from "./optionsApi";
import { SuggestionPicker, type Suggestion } from "./SuggestionPicker";

export interface ChangeAuthorModalProps {
  discussionID: number;
  onClose: () => void;
  onDone: () => void;
}

/** 'Change Author' (site.manage): a member picker with suggestions by name (the mention lookup, SPEC 7). */
export function ChangeAuthorModal({ discussionID, onClose, onDone }: ChangeAuthorModalProps) {
  const [author, setAuthor] = useState<Suggestion | null>(null);
  const action = useApiAction();
  const lookup = useCallback(
    async (query: string, signal: AbortSignal) =>
      (await fetchMentionSuggestions(query, signal)).map((user) => ({ id: user.userID, label: user.name })),
    [],
  );
  const save = async () => {
    if (!author) return;
    const ok = await action.run(async () => {
      await patchDiscussionOptions(discussionID, { insertUserID: author.id });
    });
    if (ok) onDone();
  };
  return (
    <OptionsModal
      title={t("Change Author")}
      onClose={onClose}
      onSubmit={() => void save()}
      pending={action.pending}
      error={action.error}
      submitDisabled={author === null}
    >
      <SuggestionPicker
        label={t("New author")}
        lookup={lookup}
        debounceMs={MENTION_DEBOUNCE_MS}
        selected={author}
        onSelect={setAuthor}
      />
    </OptionsModal>
  );
}
