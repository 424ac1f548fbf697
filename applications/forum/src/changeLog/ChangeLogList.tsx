import { useMemo, useState } from "react";
import type { ChangeLogEntry, ChangeLogListProps, ChangeLogQuery } from "@forum/api/changeLog";
import { AuthorName } from "@applications/forum/src/layouts/AuthorName";
import { toApiError } from "@library/src/api/apiError";
import { DateTime } from "@library/src/formatting/DateTime";
import { t } from "@library/src/i18n/translate";
import { Button } from "@library/src/ui/Button/Button";
import { useToast } from "@library/src/ui/Toast/useToast";
import { listChangeLog, restoreChangeLogEntry } from "./changeLogApi";
import { diffWords, htmlText } from "./textDiff";
import "./changeLog.css";

export type { ChangeLogListProps };

/** `/log/filter`: a discussion's Revision History or Deleted Comments, each entry restorable by moderators. */
export function ChangeLogList({ entries: initial, mode, discussion }: ChangeLogListProps) {
  const toast = useToast();
  const [entries, setEntries] = useState(initial);
  const [pending, setPending] = useState<number | null>(null);

  const query: ChangeLogQuery | null = discussion
    ? mode === "history"
      ? { recordType: "discussion", recordID: discussion.discussionID, limit: 100 }
      : { recordType: "comment", parentRecordID: discussion.discussionID, operation: "delete", limit: 100 }
    : null;

  const restore = async (entry: ChangeLogEntry) => {
    setPending(entry.logID);
    try {
      await restoreChangeLogEntry(entry.logID);
      toast.addToast({ message: entry.operation === "edit" ? t("Revision restored.") : t("Restored.") });
      if (query) setEntries(await listChangeLog(query));
    } catch (error) {
      toast.addErrorToast(toApiError(error).message);
    } finally {
      setPending(null);
    }
  };

  if (entries.length === 0)
    return (
      <p className="emptyMessage">
        {mode === "history"
          ? t("This discussion has not been edited.")
          : t("No comments have been deleted here.")}
      </p>
    );

  return (
    <ol className="changeLog-list">
      {entries.map((entry) => (
        <li key={entry.logID} className="changeLog-entry">
          <div className="changeLog-header">
            <span className="changeLog-operation">{operationLabel(entry)}</span>
            <span className="changeLog-meta">
              {t("by")} <AuthorName user={entry.insertUser} /> <DateTime timestamp={entry.dateInserted} />
            </span>
            {entry.recordType === "comment" && (
              <span className="changeLog-meta">
                {t("Comment by")} <AuthorName user={entry.recordUser} />
              </span>
            )}
            {entry.restorable ? (
              <Button
                compact
                pending={pending === entry.logID}
                disabled={pending !== null}
                onClick={() => void restore(entry)}
                aria-label={`${t("Restore")}: ${operationLabel(entry)} ${entry.dateInserted}`}
              >
                {t("Restore")}
              </Button>
            ) : (
              entry.dateRestored && (
                <span className="changeLog-restored">
                  {t("Restored")} <DateTime timestamp={entry.dateRestored} />
                </span>
              )
            )}
          </div>
          {entry.operation === "edit" && entry.after ? (
            <RevisionDiff entry={entry} />
          ) : (
            <div
              className="changeLog-body userContent"
              dangerouslySetInnerHTML={{ __html: entry.before.bodyHtml }}
            />
          )}
        </li>
      ))}
    </ol>
  );
}

function operationLabel(entry: ChangeLogEntry): string {
  if (entry.operation === "edit") return t("Edited");
  return entry.recordType === "discussion" ? t("Discussion deleted") : t("Comment deleted");
}

/** Before and after of one edit: the title when it changed, and the body word by word. */
function RevisionDiff({ entry }: { entry: ChangeLogEntry }) {
  const after = entry.after;
  const bodyParts = useMemo(
    () => diffWords(htmlText(entry.before.bodyHtml), htmlText(after?.bodyHtml ?? "")),
    [entry.before.bodyHtml, after?.bodyHtml],
  );
  const titleChanged = after?.name !== undefined && after.name !== entry.before.name;
  const bodyChanged = bodyParts.some((part) => part.kind !== "same");
  return (
    <div className="changeLog-diff">
      {titleChanged && (
        <p className="changeLog-title">
          <span className="changeLog-label">{t("Title")}</span>{" "}
          <del className="changeLog-removed">{entry.before.name}</del>{" "}
          <ins className="changeLog-added">{after.name}</ins>
        </p>
      )}
      {bodyChanged ? (
        <div className="changeLog-text">
          {bodyParts.map((part, index) =>
            part.kind === "same" ? (
              <span key={index}>{part.text}</span>
            ) : part.kind === "added" ? (
              <ins key={index} className="changeLog-added">
                {part.text}
              </ins>
            ) : (
              <del key={index} className="changeLog-removed">
                {part.text}
              </del>
            ),
          )}
        </div>
      ) : (
        !titleChanged && <p className="changeLog-meta">{t("No change in the text.")}</p>
      )}
    </div>
  );
}
