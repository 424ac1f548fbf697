import { useState } from "react";
import type { Discussion } from "@forum/api/discussions";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { OptionsModal, RadioList } from "./OptionsModal";
import { patchDiscussionOptions } from "./optionsApi";

type PinChoice = "none" | "category" | "recent";

export interface AnnounceModalProps {
  discussion: Pick<Discussion, "discussionID" | "pinned"> & Partial<Pick<Discussion, "pinLocation">>;
  onClose: () => void;
  onDone: () => void;
}

/** 'Announce': where the discussion is pinned (SPEC 3: pin location none, category or recent; default none). */
export function AnnounceModal({ discussion, onClose, onDone }: AnnounceModalProps) {
  const initial: PinChoice = discussion.pinned ? (discussion.pinLocation ?? "category") : "none";
  const [choice, setChoice] = useState<PinChoice>(initial);
  const action = useApiAction();
  const save = async () => {
    const ok = await action.run(async () => {
      await patchDiscussionOptions(
        discussion.discussionID,
        choice === "none" ? { pinned: false } : { pinned: true, pinLocation: choice },
      );
    });
    if (ok) onDone();
  };
  return (
    <OptionsModal
      title={t("Announce")}
      onClose={onClose}
      onSubmit={() => void save()}
      pending={action.pending}
      error={action.error}
    >
      <RadioList<PinChoice>
        legend={t("Pin location")}
        name="pinLocation"
        value={choice}
        onChange={setChoice}
        choices={[
          { value: "none", label: t("Don't announce") },
          { value: "category", label: t("Announce in its category") },
          { value: "recent", label: t("Announce in its category and on the recent discussions") },
        ]}
      />
    </OptionsModal>
  );
}
