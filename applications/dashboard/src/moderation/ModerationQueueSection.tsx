import type {
  ModerationAction,
  ModerationCounts,
  ModerationItem,
  ModerationItemType,
  QueueStatusFilter,
} from "@forum/api/moderationQueue";
import type { UserFragment } from "@forum/api/users";
import { useCallback, useEffect, useId, useState } from "react";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { Pager } from "@library/src/ui/Pager/Pager";
import { useToast } from "@library/src/ui/Toast/useToast";
import { usePageParam, useQueryParam } from "../lists/usePageParam";
import { SectionError } from "../shell/SectionError";
import { BanMemberModal } from "@library/src/users/BanMemberModal";
import { actOnItem, actOnItems, fetchQueue, fetchQueueCounts, QUEUE_PAGE_SIZE } from "./moderationApi";
import { QueueItemCard } from "./QueueItemCard";
import { useQueueKeys } from "./useQueueKeys";
import "./moderationQueue.css";

const STATUS_FILTERS: { value: QueueStatusFilter; label: string }[] = [
  { value: "none", label: "Open" },
  { value: "escalated", label: "Escalated" },
  { value: "resolved", label: "Handled" },
  { value: "all", label: "All" },
];

const TYPE_FILTERS: { value: ModerationItemType; label: string }[] = [
  { value: "report", label: "Reports" },
  { value: "premoderation", label: "Pre-moderation" },
  { value: "spam", label: "Spam" },
];

const DONE_MESSAGES: Record<ModerationAction, string> = {
  approve: "Approved.",
  reject: "Rejected.",
  delete: "Deleted.",
  escalate: "Escalated.",
};

export const KEYBOARD_HELP = "Keys: j / k move, x select, a approve, r reject, d delete.";

function isStatusFilter(value: string | null): value is QueueStatusFilter {
  return STATUS_FILTERS.some((filter) => filter.value === value);
}

function isTypeFilter(value: string | null): value is ModerationItemType {
  return TYPE_FILTERS.some((filter) => filter.value === value);
}

/**
 * Dashboard › Moderation Queue (`/dashboard/content/reports`): reported posts (grouped per post, with their
 * reasons, notes and reporters), posts held by pre-moderation and posts held by the spam score. Approve,
 * reject, delete, escalate or ban the author per item, or approve/reject/delete the selected items at once;
 * `?recordType=…&recordID=…` shows one post's reports (SPEC 1).
 */
export function ModerationQueueSection() {
  const toast = useToast();
  const statusID = useId();
  const typeID = useId();
  const [statusParam, setStatus] = useQueryParam("statuses");
  const [typeParam, setType] = useQueryParam("itemType");
  const [recordType, setRecordType] = useQueryParam("recordType");
  const [recordID] = useQueryParam("recordID");
  const [page, setPage] = usePageParam();
  const status: QueueStatusFilter = isStatusFilter(statusParam) ? statusParam : "none";
  const itemType = isTypeFilter(typeParam) ? typeParam : null;
  const oneRecord =
    (recordType === "discussion" || recordType === "comment") && recordID && /^\d{1,10}$/.test(recordID)
      ? { recordType, recordID: Number(recordID) }
      : null;

  const [items, setItems] = useState<ModerationItem[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [counts, setCounts] = useState<ModerationCounts | null>(null);
  const [focus, setFocus] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [pending, setPending] = useState(false);
  const [banning, setBanning] = useState<UserFragment | null>(null);

  const queryKey = JSON.stringify({ status, itemType, oneRecord, page });
  const load = useCallback(() => {
    const query = JSON.parse(queryKey) as {
      status: string;
      itemType: string | null;
      oneRecord: { recordType: string; recordID: number } | null;
      page: number;
    };
    setError(null);
    void fetchQueue({
      statuses: query.status,
      page: query.page,
      limit: QUEUE_PAGE_SIZE,
      ...(query.itemType ? { itemType: query.itemType } : {}),
      ...(query.oneRecord ?? {}),
    })
      .then((rows) => {
        setItems(rows);
        setFocus((index) => Math.min(index, Math.max(rows.length - 1, 0)));
        setSelected(
          (current) => new Set(rows.filter((row) => current.has(row.itemID)).map((row) => row.itemID)),
        );
      })
      .catch((caught: unknown) => setError(toApiError(caught)));
    void fetchQueueCounts()
      .then(setCounts)
      .catch(() => setCounts(null));
  }, [queryKey]);
  useEffect(load, [load]);

  const act = async (itemIDs: number[], action: ModerationAction) => {
    if (itemIDs.length === 0 || pending) return;
    setPending(true);
    try {
      if (itemIDs.length === 1 && itemIDs[0] !== undefined) {
        await actOnItem(itemIDs[0], action);
        toast.addToast({ type: "success", message: t(DONE_MESSAGES[action]) });
      } else if (action !== "escalate") {
        const result = await actOnItems({ itemIDs, action });
        const failed = result.failedIDs.length;
        toast.addToast({
          type: failed ? "error" : "success",
          message: failed
            ? formatText(t("{done} done, {failed} failed: {reason}"), {
                done: result.successIDs.length,
                failed,
                reason: Object.values(result.exceptionsByID)[0]?.message ?? "",
              })
            : formatText(t("{count} items done."), { count: result.successIDs.length }),
        });
      }
      setSelected(new Set());
    } catch (caught) {
      const apiError = toApiError(caught);
      toast.addErrorToast(apiError.description ?? apiError.message);
    } finally {
      setPending(false);
      load();
    }
  };

  const rows = items ?? [];
  const focused = rows[focus];
  const isOpen = (item: ModerationItem | undefined) =>
    item !== undefined && (item.status === "pending" || item.status === "escalated");
  const targets = (): number[] =>
    selected.size > 0 ? [...selected] : isOpen(focused) && focused ? [focused.itemID] : [];
  const toggle = (itemID: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(itemID);
      else next.delete(itemID);
      return next;
    });

  useQueueKeys(
    {
      next: () => setFocus((index) => Math.min(index + 1, Math.max(rows.length - 1, 0))),
      previous: () => setFocus((index) => Math.max(index - 1, 0)),
      approve: () => void act(targets(), "approve"),
      reject: () => void act(targets(), "reject"),
      remove: () => void act(targets(), "delete"),
      toggleSelect: () => {
        if (isOpen(focused) && focused) toggle(focused.itemID, !selected.has(focused.itemID));
      },
    },
    banning === null,
  );

  useEffect(() => {
    if (!focused) return;
    document.querySelector(`[data-item-id="${focused.itemID}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [focused]);

  const countOf = (type: ModerationItemType) => (counts ? ` (${counts[type]})` : "");
  return (
    <div className="moderationQueue">
      <div className="dashboardToolbar">
        <label htmlFor={statusID}>{t("Status")}</label>
        <select
          id={statusID}
          className="input dashboardSelect"
          value={status}
          onChange={(event) => setStatus(event.target.value === "none" ? null : event.target.value)}
        >
          {STATUS_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.value === "escalated" && counts
                ? `${t(filter.label)} (${counts.escalated})`
                : t(filter.label)}
            </option>
          ))}
        </select>
        <label htmlFor={typeID}>{t("Type")}</label>
        <select
          id={typeID}
          className="input dashboardSelect"
          value={itemType ?? ""}
          onChange={(event) => setType(event.target.value || null)}
        >
          <option value="">{t("All")}</option>
          {TYPE_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {`${t(filter.label)}${countOf(filter.value)}`}
            </option>
          ))}
        </select>
        {oneRecord && (
          <span className="moderationQueue-filter">
            {oneRecord.recordType === "discussion"
              ? formatText(t("Discussion #{id}"), { id: oneRecord.recordID })
              : formatText(t("Comment #{id}"), { id: oneRecord.recordID })}
            <Button compact variant="text" onClick={() => setRecordType(null)}>
              {t("Show all")}
            </Button>
          </span>
        )}
      </div>
      <p className="moderationQueue-help">{t(KEYBOARD_HELP)}</p>
      {selected.size > 0 && (
        <div className="moderationQueue-bulk" role="region" aria-label={t("Selected items")}>
          <span>{formatText(t("{count} selected"), { count: selected.size })}</span>
          <Button
            compact
            variant="primary"
            disabled={pending}
            onClick={() => void act([...selected], "approve")}
          >
            {t("Approve selected")}
          </Button>
          <Button compact disabled={pending} onClick={() => void act([...selected], "reject")}>
            {t("Reject selected")}
          </Button>
          <Button compact disabled={pending} onClick={() => void act([...selected], "delete")}>
            {t("Delete selected")}
          </Button>
          <Button compact variant="text" onClick={() => setSelected(new Set())}>
            {t("Clear selection")}
          </Button>
        </div>
      )}
      {error && <SectionError error={error} onRetry={load} />}
      {!items && !error && <Loader />}
      {items && rows.length === 0 && (
        <p className="dashboardEmpty">{t("Nothing is waiting for a moderator.")}</p>
      )}
      {rows.length > 0 && (
        <ol className="moderationQueue-list" aria-busy={pending || undefined}>
          {rows.map((item, index) => (
            <QueueItemCard
              key={item.itemID}
              item={item}
              focused={index === focus}
              selected={selected.has(item.itemID)}
              pending={pending}
              onFocus={() => setFocus(index)}
              onSelect={(on) => toggle(item.itemID, on)}
              onAction={(action) => void act([item.itemID], action)}
              onBan={() => setBanning(item.recordUser)}
            />
          ))}
        </ol>
      )}
      {(page > 1 || rows.length === QUEUE_PAGE_SIZE) && (
        <Pager
          page={page}
          limit={QUEUE_PAGE_SIZE}
          hasMorePages={rows.length === QUEUE_PAGE_SIZE}
          onChange={setPage}
        />
      )}
      {banning && (
        <BanMemberModal
          userID={banning.userID}
          name={banning.name}
          defaultDays={7}
          onClose={() => setBanning(null)}
        />
      )}
    </div>
  );
}
