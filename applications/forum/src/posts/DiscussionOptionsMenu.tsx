import { useState } from "react";
import type { DiscussionPatch } from "@forum/api/discussions";
import type { DiscussionOptionsMenuProps } from "@forum/api/widgetProps";
import { toApiError } from "@library/src/api/apiError";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import {
  DropDownItemButton,
  DropDownItemLink,
  DropDownSeparator,
} from "@library/src/ui/DropDownMenu/DropDownItems";
import { DropDownMenu } from "@library/src/ui/DropDownMenu/DropDownMenu";
import { useToast } from "@library/src/ui/Toast/useToast";
import { ConfirmDeleteModal } from "./ConfirmDeleteModal";
import { useEditWindow } from "./editTime";
import { deleteDiscussion, patchDiscussion } from "./postsApi";
import "./posts.css";

export type { DiscussionOptionsMenuProps };

type Toggle = "closed" | "sink";

/** 'Discussion Options' (SPEC 2): Edit and Delete first, then the status toggles; only permitted items show. */
export function DiscussionOptionsMenu({
  discussion,
  categoryUrl,
  can,
  editableUntil,
}: DiscussionOptionsMenuProps) {
  const toast = useToast();
  const editWindow = useEditWindow(editableUntil);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [toggling, setToggling] = useState<Toggle | null>(null);
  const { discussionID } = discussion;

  const showEdit = can.edit && editWindow.open;
  const firstGroup = showEdit || can.delete;
  const statusGroup = can.close || can.sink;
  const logGroup = can.log === true;
  if (!firstGroup && !statusGroup && !logGroup) return null;

  const toggle = async (field: Toggle) => {
    // SPEC 4: each toggle sends the opposite of the current value.
    const patch: DiscussionPatch =
      field === "closed" ? { closed: !discussion.closed } : { sink: !discussion.sink };
    setToggling(field);
    try {
      await patchDiscussion(discussionID, patch);
      fullPageNavigate(currentPageWithoutHash());
    } catch (error) {
      setToggling(null);
      toast.addErrorToast(toApiError(error).message);
    }
  };

  const confirmDelete = async () => {
    setDeleting(true);
    try {
      await deleteDiscussion(discussionID);
      setConfirming(false);
      fullPageNavigate(categoryUrl);
    } catch (error) {
      setDeleting(false);
      setConfirming(false);
      toast.addErrorToast(toApiError(error).message);
    }
  };

  return (
    <>
      <DropDownMenu
        label={t("Discussion Options")}
        buttonContent={<OptionsIcon />}
        buttonClassName="discussionOptions-button"
      >
        {showEdit && (
          <DropDownItemLink
            href={siteUrl(`/post/editdiscussion/${discussionID}`)}
            className="discussionOptions-edit"
          >
            <span>{t("Edit")}</span>
            {editWindow.text && <span className="discussionOptions-remaining">{editWindow.text}</span>}
          </DropDownItemLink>
        )}
        {can.delete && (
          <DropDownItemButton onClick={() => setConfirming(true)}>{t("Delete")}</DropDownItemButton>
        )}
        {firstGroup && statusGroup && <DropDownSeparator />}
        {can.close && (
          <DropDownItemButton disabled={toggling !== null} onClick={() => void toggle("closed")}>
            <ToggleLabel label={t("Close")} active={discussion.closed} />
          </DropDownItemButton>
        )}
        {can.sink && (
          <DropDownItemButton disabled={toggling !== null} onClick={() => void toggle("sink")}>
            <ToggleLabel label={t("Sink")} active={discussion.sink} />
          </DropDownItemButton>
        )}
        {logGroup && (firstGroup || statusGroup) && <DropDownSeparator />}
        {logGroup && (
          <DropDownItemLink href={siteUrl(`/log/filter?recordType=discussion&recordID=${discussionID}`)}>
            {t("Revision History")}
          </DropDownItemLink>
        )}
        {logGroup && (
          <DropDownItemLink
            href={siteUrl(`/log/filter?parentRecordID=${discussionID}&recordType=comment&operation=delete`)}
          >
            {t("Deleted Comments")}
          </DropDownItemLink>
        )}
      </DropDownMenu>
      <ConfirmDeleteModal
        isVisible={confirming}
        title={t("Delete Discussion")}
        question={t("Are you sure you want to delete this discussion?")}
        pending={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** Reload the page (assigning the same address reloads; a hash alone would only scroll). */
function currentPageWithoutHash(): string {
  return window.location.href.replace(/#.*$/, "");
}

/** A status item: its SPEC name, with a check mark while the status is on. */
function ToggleLabel({ label, active }: { label: string; active: boolean }) {
  return (
    <span className="discussionOptions-toggle">
      <span>{label}</span>
      {active && (
        <span className="discussionOptions-check" aria-hidden="true">
          ✓
        </span>
      )}
    </span>
  );
}

function OptionsIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx={5} cy={12} r={2} fill="currentColor" />
      <circle cx={12} cy={12} r={2} fill="currentColor" />
      <circle cx={19} cy={12} r={2} fill="currentColor" />
    </svg>
  );
}
