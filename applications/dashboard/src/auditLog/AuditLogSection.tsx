import type { AuditLogEntry } from "@forum/api/dashboard";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { DateTime } from "@library/src/formatting/DateTime";
import { t } from "@library/src/i18n/translate";
import { paths } from "@library/src/routing/paths";
import { DashboardTable } from "../lists/DashboardTable";
import { PagedListView } from "../lists/PagedListView";
import { usePageParam } from "../lists/usePageParam";
import { usePagedList } from "../lists/usePagedList";
import { AuditLogFilters, useAuditFilters } from "./AuditLogFilters";
import "./auditLog.css";

/** What the entry changed: each field with its old and new value ("(empty)" for none). */
function AuditChanges({ changes }: { changes: AuditLogEntry["changes"] }) {
  if (changes.length === 0) return null;
  const shown = (value: string | null) => (value === null || value === "" ? t("(empty)") : value);
  return (
    <ul className="auditLog-changes">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="auditLog-field">{change.field}</span>: <del>{shown(change.before)}</del>
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> {t("changed to")} </span>
          <ins>{shown(change.after)}</ins>
        </li>
      ))}
    </ul>
  );
}

function recordLabel(entry: AuditLogEntry): string {
  if (!entry.recordType) return "";
  const id = entry.recordID ? ` #${entry.recordID}` : "";
  return entry.recordName ? `${entry.recordType}${id}: ${entry.recordName}` : `${entry.recordType}${id}`;
}

/**
 * Dashboard › Audit log: who changed what (every successful moderation and admin write), newest first: the
 * record by name, each changed field old → new, the page it came from; filtered by who, action and days.
 */
export function AuditLogSection() {
  const [page, setPage] = usePageParam();
  const [filters, setFilters] = useAuditFilters();
  const { list, reload } = usePagedList<AuditLogEntry>("audit-logs", { page, limit: 30, ...filters });
  return (
    <>
      <AuditLogFilters key={JSON.stringify(filters)} values={filters} onChange={setFilters} />
      <PagedListView
        list={list}
        reload={reload}
        onPageChange={setPage}
        emptyText={t("Nothing has been logged.")}
      >
        {(rows) => (
          <DashboardTable columns={[t("When"), t("Who"), t("What"), t("Record"), t("From")]}>
            {rows.map((entry) => (
              <tr key={entry.auditLogID}>
                <td>
                  <DateTime timestamp={entry.dateInserted} />
                </td>
                <td>
                  {entry.userName ? (
                    <a href={siteUrl(paths.profile(entry.userName))}>{entry.userName}</a>
                  ) : (
                    t("Unknown")
                  )}
                  {entry.ipAddress && <div className="dashboardTable-detail">{entry.ipAddress}</div>}
                </td>
                <td>
                  <div className="dashboardTable-name">{entry.eventType}</div>
                  <AuditChanges changes={entry.changes} />
                  <div className="dashboardTable-detail">
                    {entry.method} {entry.path}
                  </div>
                </td>
                <td>{recordLabel(entry)}</td>
                <td>
                  {entry.requestPath ? <a href={siteUrl(entry.requestPath)}>{entry.requestPath}</a> : ""}
                </td>
              </tr>
            ))}
          </DashboardTable>
        )}
      </PagedListView>
    </>
  );
}
