import type { PostReportProps, ReportableRecordType } from "@forum/api/reports";
import { lazy, Suspense, useState } from "react";
import { siteUrl } from "@library/src/bootstrap/bootstrap";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import "./reports.css";

// The report form loads when a member opens it, not with every post's actions.
const ReportModal = lazy(() => import("./ReportModal").then((module) => ({ default: module.ReportModal })));

export interface ReportControlsProps {
  recordType: ReportableRecordType;
  recordID: number;
  report: PostReportProps;
  /** The discussion offers Report in its options menu: only the icon button (escalations) shows here. */
  inMenu?: boolean;
}

/**
 * A post's report controls: 'Report' (or, with escalations on, the report-content icon button) for members
 * with flag.add, and for moderators the post's open reports, linked to the queue in a new tab.
 */
export function ReportControls({ recordType, recordID, report, inMenu = false }: ReportControlsProps) {
  const [open, setOpen] = useState(false);
  const showButton = report.canReport && (report.iconButton || !inMenu);
  return (
    <>
      {report.reportsUrl && report.countReports ? (
        <a
          className="reportControls-count"
          href={siteUrl(report.reportsUrl)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {report.countReports === 1
            ? t("1 report")
            : formatText(t("{count} reports"), { count: report.countReports })}
        </a>
      ) : null}
      {showButton &&
        (report.iconButton ? (
          <Button
            variant="icon"
            compact
            className="reportControls-icon"
            aria-label={t("Report content")}
            title={t("Report content")}
            onClick={() => setOpen(true)}
          >
            <FlagIcon />
          </Button>
        ) : (
          <Button variant="text" compact className="postActions-button" onClick={() => setOpen(true)}>
            {t("Report")}
          </Button>
        ))}
      {open && (
        <Suspense fallback={null}>
          <ReportModal recordType={recordType} recordID={recordID} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

function FlagIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M5 21V4m0 0h11l-2 4 2 4H5"
      />
    </svg>
  );
}
