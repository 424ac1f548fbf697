import { formatText, t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { Modal } from "@library/src/ui/Modal/Modal";
import type { LongRunnerControl } from "./useLongRunner";
import "./longRunnerProgress.css";

export interface LongRunnerProgressModalProps {
  runner: LongRunnerControl;
  /** The name to show beside a failed id ("Welcome thread"); the id alone otherwise. */
  labelOf?: (id: number) => string | undefined;
  onClose?: () => void;
}

/**
 * The one progress dialog of every bulk action: how many succeeded and failed so far (of how many), each
 * failed id with its error, Cancel while it runs and Close when it is over.
 */
export function LongRunnerProgressModal({ runner, labelOf, onClose }: LongRunnerProgressModalProps) {
  const { title, running, summary, error } = runner;
  if (title === null) return null;
  const succeeded = summary?.successIDs.length ?? 0;
  const failed = summary?.failedIDs.length ?? 0;
  const total = summary?.countTotalIDs ?? null;
  const close = () => {
    if (running) return;
    runner.reset();
    onClose?.();
  };
  const status = running
    ? t("Working…")
    : error
      ? t("Nothing was changed.")
      : summary?.cancelled
        ? t("Cancelled.")
        : t("Done.");
  return (
    <Modal
      isVisible
      title={title}
      onClose={close}
      closeOnBackdrop={false}
      showCloseButton={false}
      size="medium"
    >
      <div className="longRunnerProgress">
        {total !== null && total > 0 ? (
          <progress
            className="longRunnerProgress-bar"
            max={total}
            value={succeeded + failed}
            aria-label={formatText(t("{done} of {total}"), { done: succeeded + failed, total })}
          />
        ) : null}
        <p className="longRunnerProgress-status" role="status" aria-live="polite">
          {status}
        </p>
        <dl className="longRunnerProgress-counts">
          <div>
            <dt>{t("Succeeded")}</dt>
            <dd data-testid="longRunner-succeeded">{succeeded}</dd>
          </div>
          <div>
            <dt>{t("Failed")}</dt>
            <dd data-testid="longRunner-failed">{failed}</dd>
          </div>
          {total !== null ? (
            <div>
              <dt>{t("Total")}</dt>
              <dd>{total}</dd>
            </div>
          ) : null}
        </dl>
        {error ? (
          <div className="longRunnerProgress-error" role="alert">
            <p>{error.message}</p>
            {error.description ? <p>{error.description}</p> : null}
          </div>
        ) : null}
        {summary && summary.failedIDs.length > 0 ? (
          <ul className="longRunnerProgress-failures" aria-label={t("Errors")}>
            {summary.failedIDs.map((id) => (
              <li key={id}>
                <strong>{labelOf?.(id) ?? `#${id}`}</strong>:{" "}
                {summary.exceptionsByID[String(id)]?.message ?? t("Something went wrong.")}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="longRunnerProgress-actions">
          {running ? (
            <Button onClick={runner.cancel}>{t("Cancel")}</Button>
          ) : (
            <Button variant="primary" onClick={close}>
              {t("Close")}
            </Button>
          )}
        </div>
      </div>
    </Modal>
  );
}
