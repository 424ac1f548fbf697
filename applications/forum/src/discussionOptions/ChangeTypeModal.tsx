import { useState } from "react";
import type { PostTypeOption } from "@forum/api/discussionOptions";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { OptionsModal, RadioList } from "./OptionsModal";
import { putDiscussionType } from "./optionsApi";

export interface ChangeTypeModalProps {
  discussionID: number;
  currentType: string;
  /** The registered types the category allows (the server sends them; add-ons add theirs). */
  postTypes: PostTypeOption[];
  onClose: () => void;
  onDone: () => void;
}

/** 'Change Post Type' (PUT /discussions/{id}/type). */
export function ChangeTypeModal({
  discussionID,
  currentType,
  postTypes,
  onClose,
  onDone,
}: ChangeTypeModalProps) {
  const [type, setType] = useState(currentType);
  const action = useApiAction();
  const save = async () => {
    const ok = await action.run(async () => {
      await putDiscussionType(discussionID, type);
    });
    if (ok) onDone();
  };
  return (
    <OptionsModal
      title={t("Change Post Type")}
      onClose={onClose}
      onSubmit={() => void save()}
      pending={action.pending}
      error={action.error}
      submitDisabled={type === currentType}
    >
      <RadioList
        legend={t("Post type")}
        name="postType"
        value={type}
        onChange={setType}
        choices={postTypes.map((option) => ({ value: option.type, label: t(option.label) }))}
      />
    </OptionsModal>
  );
}
