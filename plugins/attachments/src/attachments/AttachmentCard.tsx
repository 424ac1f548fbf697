import type { Attachment } from "../../api/attachmentsApi";
import type { AttachmentCardIntegration } from "../../api/attachmentsWidgets";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { classNames } from "@library/src/ui/classNames";

/** Our own states of an attachment; other statuses are the service's words, shown as they come. */
const OWN_STATUSES: Record<string, string> = { pending: "Pending", failed: "Failed" };

export interface AttachmentCardProps {
  attachment: Attachment;
  integration: AttachmentCardIntegration;
  refreshing: boolean;
  onRefresh: () => void;
}

/** One attachment: the integration's name, the record's id (a link to it), its status and its fields. */
export function AttachmentCard({ attachment, integration, refreshing, onRefresh }: AttachmentCardProps) {
  const status = OWN_STATUSES[attachment.status];
  const reference = attachment.sourceID && `${t(integration.externalIDLabel)}${attachment.sourceID}`;
  return (
    <li className="attachmentCard">
      <div className="attachmentCard-head">
        <span className="attachmentCard-title">{t(integration.title)}</span>
        {reference &&
          (attachment.sourceUrl ? (
            <a
              className="attachmentCard-link"
              href={attachment.sourceUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {reference}
            </a>
          ) : (
            <span className="attachmentCard-link">{reference}</span>
          ))}
        <span
          className={classNames("attachmentCard-status", `attachmentCard-status--${attachment.status}`)}
          aria-label={t("Status")}
        >
          {status ? t(status) : attachment.status}
        </span>
        <Button
          variant="text"
          compact
          className="attachmentCard-refresh"
          pending={refreshing}
          onClick={onRefresh}
        >
          {t("Refresh")}
        </Button>
      </div>
      {attachment.metadata.length > 0 && (
        <dl className="attachmentCard-fields">
          {attachment.metadata.map((item, index) => (
            <div
              key={index}
              className={classNames(
                "attachmentCard-field",
                item.labelCode === "Error" && "attachmentCard-field--error",
              )}
            >
              <dt>{t(item.labelCode)}</dt>
              <dd>{item.url ? <a href={item.url}>{t(item.value)}</a> : t(item.value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}
