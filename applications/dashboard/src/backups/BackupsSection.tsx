import type { BackupFile } from "@forum/api/backups";
import { useEffect, useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError, type ApiError } from "@library/src/api/apiError";
import { DateTime } from "@library/src/formatting/DateTime";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Loader } from "@library/src/ui/Loader/Loader";
import { useToast } from "@library/src/ui/Toast/useToast";
import { DashboardTable } from "../lists/DashboardTable";
import { SectionError } from "../shell/SectionError";
import { SiteSettingsForm } from "../siteSettings/SiteSettingsForm";

/** `1536` → `1.5 KB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit] ?? "GB"}`;
}

/** What a backup holds: the archives hold the uploads too; older backups are the bare database. */
function formatLabel(backup: BackupFile): string {
  const archive = backup.fileName.endsWith(".tar");
  if (backup.format === "sqlite") return archive ? t("SQLite database and uploads") : t("SQLite database");
  return archive ? t("PostgreSQL dump and uploads") : t("PostgreSQL dump");
}

/**
 * Dashboard › Backups: one click makes a consistent snapshot of the whole site (kept in the data directory), the
 * list downloads any of them (the schedule's marked), the page says how to restore one into a fresh install,
 * and the schedule's settings (off, daily, weekly; the hour; how many to keep) are saved under the list.
 */
export function BackupsSection() {
  const toast = useToast();
  const [backups, setBackups] = useState<BackupFile[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [making, setMaking] = useState(false);

  const load = () => {
    apiv2
      .get<BackupFile[]>("dashboard/backups")
      .then((response) => {
        setBackups(response.data);
        setError(null);
      })
      .catch((caught: unknown) => setError(toApiError(caught)));
  };
  useEffect(load, []);

  const make = async () => {
    setMaking(true);
    try {
      const made = (await apiv2.post<BackupFile>("dashboard/backups")).data;
      setBackups((previous) => [made, ...(previous ?? [])]);
      toast.addToast({
        type: "success",
        message: formatText(t("Backup {name} is ready."), { name: made.fileName }),
      });
    } catch (caught) {
      toast.addErrorToast(toApiError(caught).message);
    } finally {
      setMaking(false);
    }
  };

  if (error && !backups) return <SectionError error={error} onRetry={load} />;
  if (!backups) return <Loader />;
  return (
    <>
      <div className="dashboardToolbar">
        <Button variant="primary" pending={making} onClick={() => void make()}>
          {t("Make a backup now")}
        </Button>
        <p className="formGroup-description backupsHint">
          {t("Each backup holds the database and the uploaded files.")}{" "}
          {t("To restore one into a fresh install, run:")} <code>npm run forum -- restore FILE</code>
        </p>
      </div>
      {backups.length === 0 ? (
        <p className="dashboardEmpty">{t("No backups yet.")}</p>
      ) : (
        <DashboardTable columns={[t("Backup"), t("Made"), t("Size"), t("Format")]} actions>
          {backups.map((backup) => (
            <tr key={backup.fileName}>
              <td>
                <div className="dashboardTable-name">{backup.fileName}</div>
                {backup.scheduled && <span className="statusBadge">{t("Scheduled")}</span>}
              </td>
              <td>
                <DateTime timestamp={backup.dateInserted} />
              </td>
              <td>{formatSize(backup.size)}</td>
              <td>{formatLabel(backup)}</td>
              <td className="dashboardTable-actions">
                <a
                  className="button button--standard button--compact"
                  href={`/api/v2/dashboard/backups/${encodeURIComponent(backup.fileName)}`}
                  download={backup.fileName}
                  aria-label={formatText(t("Download {name}"), { name: backup.fileName })}
                >
                  {t("Download")}
                </a>
              </td>
            </tr>
          ))}
        </DashboardTable>
      )}
      <h2 className="dashboardSubheading">{t("Scheduled backups")}</h2>
      <SiteSettingsForm groupKey="backups" />
    </>
  );
}
