import type { Job, JobCounts } from "@forum/api/dashboard";
import { JOB_STATUS_NAMES, type JobStatusName } from "@forum/api/jobStatuses";
import { useEffect, useId, useState } from "react";
import { apiv2 } from "@library/src/api/apiClient";
import { toApiError } from "@library/src/api/apiError";
import { DateTime } from "@library/src/formatting/DateTime";
import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { useToast } from "@library/src/ui/Toast/useToast";
import { DashboardTable } from "../lists/DashboardTable";
import { PagedListView } from "../lists/PagedListView";
import { usePageParam, useQueryParam } from "../lists/usePageParam";
import { usePagedList } from "../lists/usePagedList";

const STATUS_LABELS: Record<JobStatusName, string> = {
  pending: "Pending",
  running: "Running",
  done: "Done",
  failed: "Failed",
  dead: "Dead",
};

function isJobStatus(value: string | null): value is JobStatusName {
  return value !== null && (JOB_STATUS_NAMES as readonly string[]).includes(value);
}

function RetryButton({ job, onRetried }: { job: Job; onRetried: () => void }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await apiv2.post(`jobs/${job.jobID}/retry`);
      toast.addToast({
        type: "success",
        message: formatText(t("Job {id} will run again."), { id: job.jobID }),
      });
      onRetried();
    } catch (error) {
      toast.addErrorToast(toApiError(error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      compact
      pending={busy}
      aria-label={formatText(t("Retry job {id}"), { id: job.jobID })}
      onClick={() => void retry()}
    >
      {t("Retry")}
    </Button>
  );
}

/** Dashboard › Jobs: the queue by state (pending, failed, dead…) with each job's last error; retry failed ones. */
export function JobsSection() {
  const [page, setPage] = usePageParam();
  const [statusParam, setStatus] = useQueryParam("status");
  const status = isJobStatus(statusParam) ? statusParam : null;
  const { list, reload } = usePagedList<Job>("jobs", { page, limit: 30, ...(status ? { status } : {}) });
  const [counts, setCounts] = useState<JobCounts | null>(null);
  const filterID = useId();
  const loadCounts = () => {
    void apiv2
      .get<JobCounts>("jobs/counts")
      .then((response) => setCounts(response.data))
      .catch(() => setCounts(null));
  };
  useEffect(loadCounts, []);
  const afterRetry = () => {
    reload();
    loadCounts();
  };
  const label = (name: JobStatusName) =>
    counts ? `${t(STATUS_LABELS[name])} (${counts[name]})` : t(STATUS_LABELS[name]);
  return (
    <>
      <div className="dashboardToolbar">
        <label htmlFor={filterID}>{t("Status")}</label>
        <select
          id={filterID}
          className="input dashboardSelect"
          value={status ?? ""}
          onChange={(event) => setStatus(event.target.value || null)}
        >
          <option value="">{t("All")}</option>
          {JOB_STATUS_NAMES.map((name) => (
            <option key={name} value={name}>
              {label(name)}
            </option>
          ))}
        </select>
      </div>
      <PagedListView list={list} reload={reload} onPageChange={setPage} emptyText={t("No jobs.")}>
        {(rows) => (
          <DashboardTable columns={[t("ID"), t("Job"), t("Status"), t("Attempts"), t("Queued")]} actions>
            {rows.map((job) => (
              <tr key={job.jobID} data-job-status={job.status}>
                <td>{job.jobID}</td>
                <td>
                  <div className="dashboardTable-name">{job.name}</div>
                  <div className="dashboardTable-detail">{job.owner}</div>
                  {job.lastError && (
                    <div className="dashboardTable-detail dashboardTable-error">{job.lastError}</div>
                  )}
                </td>
                <td>
                  <span className={`statusBadge statusBadge--${job.status}`}>
                    {t(STATUS_LABELS[job.status])}
                  </span>
                </td>
                <td>
                  {job.attempts} / {job.maxAttempts}
                </td>
                <td>
                  <DateTime timestamp={job.dateInserted} />
                </td>
                <td className="dashboardTable-actions">
                  {(job.status === "failed" || job.status === "dead") && (
                    <RetryButton job={job} onRetried={afterRetry} />
                  )}
                </td>
              </tr>
            ))}
          </DashboardTable>
        )}
      </PagedListView>
    </>
  );
}
