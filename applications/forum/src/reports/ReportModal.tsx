import type { ReportableRecordType, ReportReason } from "@forum/api/reports";
import { useId, useState } from "react";
import { useApiAction } from "@library/src/api/useApiAction";
import { t } from "@library/src/i18n/translate";
import { useToast } from "@library/src/ui/Toast/useToast";
import { OptionsModal, RadioList, type RadioChoice } from "../discussionOptions/OptionsModal";
import { postReport } from "./reportsApi";
import "./reports.css";

/** The most a note may hold (REPORT_NOTE_MAX_LENGTH of the contract). */
const NOTE_MAX_LENGTH = 500;

/** The reasons a member picks from (SPEC and API.md give no list; the ids are the contract's REPORT_REASONS). */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam",
  abuse: "Abuse",
  inappropriate: "Inappropriate",
  offTopic: "Off-topic",
  other: "Other",
};

export const REPORT_SENT = "Thanks. The moderators will look at your report.";

export interface ReportModalProps {
  recordType: ReportableRecordType;
  recordID: number;
  onClose: () => void;
}

/** Report a discussion or comment: a reason and an optional note for the moderators. */
export function ReportModal({ recordType, recordID, onClose }: ReportModalProps) {
  const toast = useToast();
  const noteID = useId();
  const [reason, setReason] = useState<ReportReason>("spam");
  const [note, setNote] = useState("");
  const { pending, error, run } = useApiAction();
  const choices: RadioChoice<ReportReason>[] = (Object.keys(REPORT_REASON_LABELS) as ReportReason[]).map(
    (value) => ({ value, label: t(REPORT_REASON_LABELS[value]) }),
  );

  const submit = () =>
    void run(async () => {
      await postReport({ recordType, recordID, reason, ...(note.trim() ? { note: note.trim() } : {}) });
      toast.addToast({ type: "success", message: t(REPORT_SENT) });
      onClose();
    });

  return (
    <OptionsModal
      title={recordType === "discussion" ? t("Report Discussion") : t("Report Comment")}
      onClose={onClose}
      onSubmit={submit}
      pending={pending}
      error={error}
      submitLabel={t("Report")}
    >
      <RadioList
        legend={t("Reason")}
        name={`report-${recordType}-${recordID}`}
        choices={choices}
        value={reason}
        onChange={setReason}
      />
      <label className="reportModal-noteLabel" htmlFor={noteID}>
        {t("Note for the moderators (optional)")}
      </label>
      <textarea
        id={noteID}
        className="input reportModal-note"
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </OptionsModal>
  );
}
