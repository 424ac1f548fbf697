import type { MailOutboxItem } from "@forum/api/dashboard";
import { DateTime } from "@library/src/formatting/DateTime";
import { t } from "@library/src/i18n/translate";
import { DashboardTable } from "../lists/DashboardTable";
import { PagedListView } from "../lists/PagedListView";
import { usePageParam } from "../lists/usePageParam";
import { usePagedList } from "../lists/usePagedList";
import { linkifiedText } from "./linkifiedText";

function MailStatus({ mail }: { mail: MailOutboxItem }) {
  if (mail.error) return <span className="statusBadge statusBadge--failed">{t("Failed")}</span>;
  if (mail.dateSent) return <span className="statusBadge statusBadge--sent">{t("Sent")}</span>;
  return <span className="statusBadge">{t("Queued")}</span>;
}

/**
 * Dashboard › Mail outbox: every mail the site queued, newest first, with its text. Without SMTP this is where
 * an administrator on a bare machine reads a member's reset or confirmation link.
 */
export function MailOutboxSection() {
  const [page, setPage] = usePageParam();
  const { list, reload } = usePagedList<MailOutboxItem>("mail-outbox", { page, limit: 30 });
  return (
    <PagedListView list={list} reload={reload} onPageChange={setPage} emptyText={t("No mail has been sent.")}>
      {(rows) => (
        <DashboardTable columns={[t("To"), t("Subject"), t("Queued"), t("Status")]}>
          {rows.map((mail) => (
            <tr key={mail.mailID}>
              <td>{mail.to}</td>
              <td>
                <details>
                  <summary className="dashboardTable-name">{mail.subject}</summary>
                  <pre className="dashboardMailBody">{linkifiedText(mail.bodyText)}</pre>
                  {mail.unsubscribeUrl && (
                    <p className="dashboardTable-detail">
                      {t("List-Unsubscribe (one click)")}: {linkifiedText(mail.unsubscribeUrl)}
                    </p>
                  )}
                </details>
                {mail.error && <div className="dashboardTable-detail dashboardTable-error">{mail.error}</div>}
              </td>
              <td>
                <DateTime timestamp={mail.dateInserted} />
              </td>
              <td>
                <MailStatus mail={mail} />
              </td>
            </tr>
          ))}
        </DashboardTable>
      )}
    </PagedListView>
  );
}
