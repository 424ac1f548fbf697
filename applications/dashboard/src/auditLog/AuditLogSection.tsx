import type { AuditLogEntry } from "@forum/api/dashboard";
import { useId, useState, type FormEvent } from "react";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { DateTime } from "@library/src/formatting/DateTime";
import { t } from "@library/src/i18n/translate";
import { paths } from "@library/src/routing/paths";
import { Button } from "@library/src/ui/Button/Button";
import { DashboardTable } from "../lists/DashboardTable";
import { PagedListView } from "../lists/PagedListView";
import { usePageParam, useQueryParam } from "../lists/usePageParam";
import { usePagedList } from "../lists/usePagedList";

function EventFilter({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  const [draft, setDraft] = useState(value);
  const inputID = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft.trim() || null);
  };
  return (
    <form className="dashboardToolbar" role="search" onSubmit={submit}>
      <label htmlFor={inputID}>{t("Event")}</label>
      <input
        id={inputID}
        className="input dashboardFilter"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button type="submit" compact>
        {t("Filter")}
      </Button>
    </form>
  );
}

/** Dashboard › Audit log: who changed what (every successful moderation and admin write), newest first. */
export function AuditLogSection() {
  const [page, setPage] = usePageParam();
  const [eventType, setEventType] = useQueryParam("eventType");
  const { list, reload } = usePagedList<AuditLogEntry>("audit-logs", {
    page,
    limit: 30,
    ...(eventType ? { eventType } : {}),
  });
  return (
    <>
      <EventFilter key={eventType ?? ""} value={eventType ?? ""} onChange={setEventType} />
      <PagedListView
        list={list}
        reload={reload}
        onPageChange={setPage}
        emptyText={t("Nothing has been logged.")}
      >
        {(rows) => (
          <DashboardTable columns={[t("When"), t("Who"), t("Event"), t("Record"), t("From")]}>
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
                  <div className="dashboardTable-detail">
                    {entry.method} {entry.path}
                  </div>
                </td>
                <td>
                  {entry.recordType
                    ? `${entry.recordType}${entry.recordID ? ` #${entry.recordID}` : ""}`
                    : ""}
                </td>
                <td>{entry.requestPath ?? ""}</td>
              </tr>
            ))}
          </DashboardTable>
        )}
      </PagedListView>
    </>
  );
}
