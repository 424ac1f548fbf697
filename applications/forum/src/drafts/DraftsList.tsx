import { Fragment, useState } from "react";
import type { Draft, DraftStatus } from "@forum/api/drafts";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { DateTime } from "@library/src/formatting/DateTime";
import { fullDate } from "@library/src/formatting/relativeTime";
import { t } from "@library/src/i18n/translate";
import { useAppSelector } from "@library/src/redux/hooks";
import { Button } from "@library/src/ui/Button/Button";
import { Pager } from "@library/src/ui/Pager/Pager";
import { useToast } from "@library/src/ui/Toast/useToast";
import { toApiError } from "@library/src/api/apiError";
import { ConfirmDeleteModal } from "@applications/forum/src/posts/ConfirmDeleteModal";
import { cancelDraftSchedule, deleteDraft, listDrafts } from "./draftsApi";
import { removeLocalDraftByID } from "./localDrafts";
import "./drafts.css";

export interface DraftsListProps {
  drafts: Draft[];
  total: number;
  page: number;
  limit: number;
  /** Which drafts the page lists (default `draft`). */
  status?: DraftStatus;
}

function draftTitle(draft: Draft): string {
  return draft.name || draft.excerpt || t("(Untitled)");
}

function draftKind(draft: Draft): string {
  if (draft.recordType === "discussion") return t("Discussion");
  const meta = draft.attributes.draftMeta as { commentParentID?: number | null } | undefined;
  return meta?.commentParentID ? t("Reply") : t("Comment");
}

/** `/drafts`: the member's drafts, last edited first, each opened with Edit or removed with Delete. */
export function DraftsList(props: DraftsListProps) {
  const userID = useAppSelector(selectCurrentUser).userID;
  const toast = useToast();
  const [drafts, setDrafts] = useState(props.drafts);
  const [total, setTotal] = useState(props.total);
  const [page, setPage] = useState(props.page);
  const [deleting, setDeleting] = useState<Draft | null>(null);
  const [pending, setPending] = useState(false);

  const status = props.status ?? "draft";
  const load = async (target: number) => {
    try {
      const result = await listDrafts({
        page: target,
        limit: props.limit,
        expand: true,
        draftStatus: status,
      });
      setDrafts(result.drafts);
      setTotal(result.paging.total ?? result.drafts.length);
      setPage(target);
    } catch (error) {
      toast.addErrorToast(toApiError(error).message);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setPending(true);
    try {
      await deleteDraft(deleting.draftID);
      removeLocalDraftByID(userID, deleting.draftID);
      setDeleting(null);
      await load(drafts.length === 1 && page > 1 ? page - 1 : page);
    } catch (error) {
      console.error("Error deleting draft", error);
      toast.addErrorToast(toApiError(error).message);
    } finally {
      setPending(false);
    }
  };

  const cancelSchedule = async (draft: Draft) => {
    try {
      await cancelDraftSchedule(draft.draftID);
      await load(page);
    } catch (error) {
      console.error("Error cancelling draft schedule", error);
      toast.addErrorToast(toApiError(error).message);
    }
  };

  if (drafts.length === 0) return <p className="emptyMessage">{t("You do not have any drafts.")}</p>;

  return (
    <>
      <ul className="draftList">
        {drafts.map((draft) => (
          <li key={draft.draftID} className="draftList-item">
            <div className="draftList-main">
              <a className="draftList-title" href={siteUrl(draft.editUrl ?? "/drafts")}>
                {draftTitle(draft)}
              </a>
              {draft.name && draft.excerpt && <p className="draftList-excerpt">{draft.excerpt}</p>}
              <p className="draftList-meta">
                <span className="draftList-kind">{draftKind(draft)}</span>
                {(draft.breadCrumbs?.length ?? 0) > 0 && (
                  <span className="draftList-where">
                    {draft.breadCrumbs?.map((crumb, index) => (
                      <Fragment key={crumb.url}>
                        {index > 0 && " › "}
                        <a href={siteUrl(crumb.url)}>{crumb.name}</a>
                      </Fragment>
                    ))}
                  </span>
                )}
                {draft.draftStatus === "scheduled" && draft.dateScheduled && (
                  <span className="draftList-scheduled">
                    {t("Publishes")}{" "}
                    <time dateTime={draft.dateScheduled}>{fullDate(draft.dateScheduled)}</time>
                  </span>
                )}
                {draft.dateUpdated && (
                  <span>
                    {t("Last saved")} <DateTime timestamp={draft.dateUpdated} />
                  </span>
                )}
              </p>
              {draft.draftStatus === "error" && draft.failedReason && (
                <p className="draftList-failed" role="note">
                  {t("Not published:")} {draft.failedReason}
                </p>
              )}
            </div>
            <div className="draftList-actions">
              {draft.draftStatus !== "draft" && (
                <Button onClick={() => void cancelSchedule(draft)}>{t("Cancel Schedule")}</Button>
              )}
              <a className="button" href={siteUrl(draft.editUrl ?? "/drafts")}>
                {t("Edit")}
              </a>
              <Button onClick={() => setDeleting(draft)} aria-label={`${t("Delete")}: ${draftTitle(draft)}`}>
                {t("Delete")}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {total > props.limit && (
        <Pager page={page} limit={props.limit} total={total} onChange={(target) => void load(target)} />
      )}
      <ConfirmDeleteModal
        isVisible={deleting !== null}
        title={t("Delete Draft")}
        question={t("Are you sure you want to delete this draft?")}
        pending={pending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
