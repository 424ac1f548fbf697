import type {
  HoldReason,
  ModerationAction,
  ModerationItem,
  ModerationItemType,
} from "@forum/api/moderationQueue";
import { hasProfile } from "@forum/api/guest";
import type { ReportReason } from "@forum/api/reports";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { DateTime } from "@library/src/formatting/DateTime";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { classNames } from "@library/src/ui/classNames";
import { spamReasonText } from "./spamReasonText";

const TYPE_LABELS: Record<ModerationItemType, string> = {
  report: "Reported",
  premoderation: "Pre-moderation",
  spam: "Spam",
};

export const REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  abuse: "Abuse",
  inappropriate: "Inappropriate",
  offTopic: "Off-topic",
  other: "Other",
};

const HOLD_LABELS: Record<HoldReason, string> = {
  category: "The category is pre-moderated",
  newMember: "One of the member's first posts",
  spam: "Spam score over the threshold",
};

const STATUS_LABELS: Record<ModerationItem["status"], string> = {
  pending: "Pending",
  escalated: "Escalated",
  approved: "Approved",
  rejected: "Rejected",
  deleted: "Deleted",
};

export interface QueueItemCardProps {
  item: ModerationItem;
  focused: boolean;
  selected: boolean;
  pending: boolean;
  onSelect: (selected: boolean) => void;
  onFocus: () => void;
  onAction: (action: ModerationAction) => void;
  onBan: () => void;
}

/** One queue item: why it is here, the post as readers would see it, the reports, and the actions. */
export function QueueItemCard({
  item,
  focused,
  selected,
  pending,
  onSelect,
  onFocus,
  onAction,
  onBan,
}: QueueItemCardProps) {
  const open = item.status === "pending" || item.status === "escalated";
  const what = item.recordType === "discussion" ? t("Discussion") : t("Comment");
  const label = formatText(t("{what} by {name}"), { what, name: item.recordUser.name });
  return (
    <li
      className={classNames("moderationQueue-item", focused && "isFocused", selected && "isSelected")}
      data-item-id={item.itemID}
      aria-current={focused || undefined}
      onClick={onFocus}
    >
      <div className="moderationQueue-itemHeader">
        {open && (
          <input
            type="checkbox"
            className="moderationQueue-check"
            aria-label={formatText(t("Select {label}"), { label })}
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
          />
        )}
        <span className={`statusBadge moderationQueue-type moderationQueue-type--${item.itemType}`}>
          {t(TYPE_LABELS[item.itemType])}
        </span>
        {item.status !== "pending" && (
          <span className={`statusBadge statusBadge--${item.status}`}>{t(STATUS_LABELS[item.status])}</span>
        )}
        <span className="moderationQueue-title">
          {what}
          {" · "}
          {item.url ? (
            <a href={siteUrl(item.url)} target="_blank" rel="noopener noreferrer">
              {item.recordName}
            </a>
          ) : (
            <strong>{item.recordName}</strong>
          )}
        </span>
      </div>
      <div className="moderationQueue-meta">
        {hasProfile(item.recordUser) ? (
          <a href={siteUrl(item.recordUser.url)} target="_blank" rel="noopener noreferrer">
            {item.recordUser.name}
          </a>
        ) : (
          <span>{t(item.recordUser.name)}</span>
        )}
        {" · "}
        <DateTime timestamp={item.dateRecordInserted} />
        {item.spamScore !== null && item.itemType === "spam" && (
          <>
            {" · "}
            {formatText(t("Spam score {score}"), { score: item.spamScore })}
          </>
        )}
      </div>
      <div className="userContent moderationQueue-body" dangerouslySetInnerHTML={{ __html: item.bodyHtml }} />
      {item.holdReasons.length > 0 && (
        <p className="moderationQueue-why">
          {item.holdReasons.map((reason) => t(HOLD_LABELS[reason])).join(" · ")}
        </p>
      )}
      {item.itemType === "spam" && item.spamReasons.length > 0 && (
        <p className="moderationQueue-why moderationQueue-spamReasons">
          {item.spamReasons.map(spamReasonText).join(" · ")}
        </p>
      )}
      {item.countReports > 0 && (
        <div className="moderationQueue-reports">
          <p className="moderationQueue-why">
            {item.countReports === 1
              ? t("1 report")
              : formatText(t("{count} reports"), { count: item.countReports })}
            {": "}
            {item.reasons
              .map((reason) =>
                reason.count > 1
                  ? `${t(REASON_LABELS[reason.reason])} ×${reason.count}`
                  : t(REASON_LABELS[reason.reason]),
              )
              .join(", ")}
          </p>
          <ul className="moderationQueue-reportList">
            {item.reports.map((report) => (
              <li key={report.reportID}>
                <strong>{report.insertUser.name}</strong> ({t(REASON_LABELS[report.reason])})
                {report.note && <>: {report.note}</>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {item.actionUser && (
        <p className="moderationQueue-why">
          {formatText(t("{status} by {name}"), {
            status: t(STATUS_LABELS[item.status]),
            name: item.actionUser.name,
          })}
        </p>
      )}
      <div className="moderationQueue-actions">
        {open && (
          <>
            <Button compact variant="primary" disabled={pending} onClick={() => onAction("approve")}>
              {t("Approve")}
            </Button>
            <Button compact disabled={pending} onClick={() => onAction("reject")}>
              {t("Reject")}
            </Button>
            <Button compact disabled={pending} onClick={() => onAction("delete")}>
              {t("Delete")}
            </Button>
            {item.status === "pending" && (
              <Button compact disabled={pending} onClick={() => onAction("escalate")}>
                {t("Escalate")}
              </Button>
            )}
          </>
        )}
        <Button compact disabled={pending} onClick={onBan}>
          {t("Ban author")}
        </Button>
      </div>
    </li>
  );
}
