import { useState, type ReactNode } from "react";
import type { DiscussionPatch } from "@forum/api/discussions";
import { AddToCollectionModal } from "@applications/forum/src/collections/AddToCollectionModal";
import { AnnounceModal } from "@applications/forum/src/discussionOptions/AnnounceModal";
import { ChangeAuthorModal } from "@applications/forum/src/discussionOptions/ChangeAuthorModal";
import { ChangeTypeModal } from "@applications/forum/src/discussionOptions/ChangeTypeModal";
import { MoveModal } from "@applications/forum/src/discussionOptions/MoveModal";
import { usePersonalToggles } from "@applications/forum/src/discussionOptions/usePersonalToggles";
import { TagEditorModal } from "@applications/forum/src/tags/TagEditorModal";
import { ReportModal } from "@applications/forum/src/reports/ReportModal";
import { toApiError } from "@library/src/api/apiError";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { t } from "@library/src/i18n/translate";
import { isLayoutNode, LayoutRenderer } from "@library/src/layouts/LayoutRenderer";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
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

/** The props the page tree gives the menu, with its add-on items rendered. */
export type DiscussionOptionsMenuProps = RenderedWidgetProps<"DiscussionOptionsMenu">;

type Toggle = "closed" | "sink" | "resolved" | "unpin";
type Dialog = "announce" | "move" | "type" | "author" | "collection";

/**
 * 'Discussion Options' (SPEC 2): edit, unpin and delete first; then the moderation group (Announce, Move Post,
 * Change Post Type, Change Author), the status group (Close, Sink, Resolve), the member's own items (Mute,
 * Dismiss) and Bump, add-on items, and the logs. Only permitted items show; empty groups leave no separator.
 */
export function DiscussionOptionsMenu(props: DiscussionOptionsMenuProps) {
  const { discussion, categoryUrl, can, editableUntil, postTypes = [], integrationActions = [] } = props;
  const toast = useToast();
  const editWindow = useEditWindow(editableUntil);
  const personal = usePersonalToggles(discussion);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [toggling, setToggling] = useState<Toggle | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [tagging, setTagging] = useState(false);
  const [reporting, setReporting] = useState(false);
  const { discussionID } = discussion;

  const toggle = async (field: Toggle) => {
    // SPEC 4: each toggle sends the opposite of the current value.
    const patch: DiscussionPatch =
      field === "closed"
        ? { closed: !discussion.closed }
        : field === "sink"
          ? { sink: !discussion.sink }
          : field === "resolved"
            ? { resolved: !discussion.resolved }
            : { pinned: false };
    setToggling(field);
    try {
      await patchDiscussion(discussionID, patch);
      reloadPage();
    } catch (error) {
      setToggling(null);
      const apiError = toApiError(error);
      toast.addErrorToast(apiError.description ?? apiError.message);
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

  const busy = toggling !== null;
  const first: ReactNode[] = [];
  if (can.edit && editWindow.open)
    first.push(
      <DropDownItemLink
        key="edit"
        href={siteUrl(`/post/editdiscussion/${discussionID}`)}
        className="discussionOptions-edit"
      >
        <span>{t("Edit")}</span>
        {editWindow.text && <span className="discussionOptions-remaining">{editWindow.text}</span>}
      </DropDownItemLink>,
    );
  if (can.announce && discussion.pinned)
    first.push(
      <DropDownItemButton key="unpin" disabled={busy} onClick={() => void toggle("unpin")}>
        {t("Unpin")}
      </DropDownItemButton>,
    );
  if (can.delete)
    first.push(
      <DropDownItemButton key="delete" onClick={() => setConfirming(true)}>
        {t("Delete")}
      </DropDownItemButton>,
    );
  if (can.tag)
    first.push(
      <DropDownItemButton key="tag" onClick={() => setTagging(true)}>
        {t("Tag")}
      </DropDownItemButton>,
    );

  const moderation: ReactNode[] = [];
  if (can.announce)
    moderation.push(
      <DropDownItemButton key="announce" onClick={() => setDialog("announce")}>
        {t("Announce")}
      </DropDownItemButton>,
    );
  if (can.move)
    moderation.push(
      <DropDownItemButton key="move" onClick={() => setDialog("move")}>
        {t("Move Post")}
      </DropDownItemButton>,
    );
  if (can.changeType && postTypes.length > 0)
    moderation.push(
      <DropDownItemButton key="type" onClick={() => setDialog("type")}>
        {t("Change Post Type")}
      </DropDownItemButton>,
    );
  if (can.changeAuthor)
    moderation.push(
      <DropDownItemButton key="author" onClick={() => setDialog("author")}>
        {t("Change Author")}
      </DropDownItemButton>,
    );

  const status: ReactNode[] = [];
  if (can.close)
    status.push(
      <DropDownItemButton key="close" disabled={busy} onClick={() => void toggle("closed")}>
        <ToggleLabel label={t("Close")} active={discussion.closed} />
      </DropDownItemButton>,
    );
  if (can.sink)
    status.push(
      <DropDownItemButton key="sink" disabled={busy} onClick={() => void toggle("sink")}>
        <ToggleLabel label={t("Sink")} active={discussion.sink} />
      </DropDownItemButton>,
    );
  if (can.resolve)
    status.push(
      <DropDownItemButton key="resolve" disabled={busy} onClick={() => void toggle("resolved")}>
        <ToggleLabel label={t("Resolve")} active={discussion.resolved === true} />
      </DropDownItemButton>,
    );

  const other: ReactNode[] = [];
  if (can.mute)
    other.push(
      <DropDownItemButton key="mute" disabled={personal.pending} onClick={() => void personal.toggleMuted()}>
        <ToggleLabel label={t("Mute")} active={personal.muted} />
      </DropDownItemButton>,
    );
  if (can.dismiss && discussion.pinned)
    other.push(
      <DropDownItemButton
        key="dismiss"
        disabled={personal.pending}
        onClick={() => void personal.toggleDismissed()}
      >
        <ToggleLabel label={t("Dismiss")} active={personal.dismissed} />
      </DropDownItemButton>,
    );
  if (can.bump)
    other.push(
      <DropDownItemButton key="bump" disabled={personal.pending} onClick={() => void personal.bump()}>
        {t("Bump")}
      </DropDownItemButton>,
    );
  if (can.collections)
    other.push(
      <DropDownItemButton key="collection" onClick={() => setDialog("collection")}>
        {t("Add to Collection")}
      </DropDownItemButton>,
    );

  // SPEC 2: the report action after the integration actions (flag.add, not one's own discussion).
  const report: ReactNode[] = can.report
    ? [
        <DropDownItemButton key="report" onClick={() => setReporting(true)}>
          {t("Report")}
        </DropDownItemButton>,
      ]
    : [];

  const logs: ReactNode[] = can.log
    ? [
        <DropDownItemLink
          key="history"
          href={siteUrl(`/log/filter?recordType=discussion&recordID=${discussionID}`)}
        >
          {t("Revision History")}
        </DropDownItemLink>,
        <DropDownItemLink
          key="deletedComments"
          href={siteUrl(`/log/filter?parentRecordID=${discussionID}&recordType=comment&operation=delete`)}
        >
          {t("Deleted Comments")}
        </DropDownItemLink>,
      ]
    : [];

  // A server-rendered page hands the add-on items over as nodes; the single-page layout has rendered them already.
  const integrationItems = (integrationActions as readonly unknown[]).map((item, index) =>
    isLayoutNode(item) ? <LayoutRenderer key={`integration-${index}`} nodes={[item]} /> : (item as ReactNode),
  );
  const groups = [first, moderation, status, other, integrationItems, report, logs].filter(
    (group) => group.length > 0,
  );
  if (groups.length === 0) return null;

  return (
    <>
      <DropDownMenu
        label={t("Discussion Options")}
        buttonContent={<OptionsIcon />}
        buttonClassName="discussionOptions-button"
      >
        {groups.map((group, index) => (
          <MenuGroup key={index} separated={index > 0}>
            {group}
          </MenuGroup>
        ))}
      </DropDownMenu>
      <ConfirmDeleteModal
        isVisible={confirming}
        title={t("Delete Discussion")}
        question={t("Are you sure you want to delete this discussion?")}
        pending={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
      {dialog === "announce" && (
        <AnnounceModal discussion={discussion} onClose={() => setDialog(null)} onDone={reloadPage} />
      )}
      {dialog === "move" && (
        <MoveModal
          discussionID={discussionID}
          categoryID={discussion.categoryID}
          onClose={() => setDialog(null)}
          onDone={reloadPage}
        />
      )}
      {dialog === "type" && (
        <ChangeTypeModal
          discussionID={discussionID}
          currentType={discussion.type ?? "discussion"}
          postTypes={postTypes}
          onClose={() => setDialog(null)}
          onDone={reloadPage}
        />
      )}
      {tagging && (
        <TagEditorModal discussionID={discussionID} onClose={() => setTagging(false)} onDone={reloadPage} />
      )}
      {reporting && (
        <ReportModal recordType="discussion" recordID={discussionID} onClose={() => setReporting(false)} />
      )}
      {dialog === "collection" && (
        <AddToCollectionModal
          record={{ recordID: discussionID, recordType: "discussion" }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === "author" && (
        <ChangeAuthorModal discussionID={discussionID} onClose={() => setDialog(null)} onDone={reloadPage} />
      )}
    </>
  );
}

function MenuGroup({ separated, children }: { separated: boolean; children: ReactNode }) {
  return (
    <>
      {separated && <DropDownSeparator />}
      {children}
    </>
  );
}

/** Reload the page (assigning the same address reloads; a hash alone would only scroll). */
function reloadPage(): void {
  fullPageNavigate(window.location.href.replace(/#.*$/, ""));
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
