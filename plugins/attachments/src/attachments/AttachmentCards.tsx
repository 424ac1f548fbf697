import "../../api/attachmentsWidgets";
import { useCallback, useEffect, useState } from "react";
import type { Attachment } from "../../api/attachmentsApi";
import { toApiError } from "@library/src/api/apiError";
import { t } from "@library/src/i18n/translate";
import type { RenderedWidgetProps } from "@library/src/registry/componentRegistry";
import { useToast } from "@library/src/ui/Toast/useToast";
import { AttachmentCard } from "./AttachmentCard";
import { AttachmentFormModal } from "./AttachmentFormModal";
import { useAttachmentFormRequests } from "./attachmentFormRequests";
import { getAttachments, refreshAttachments, type AttachmentTarget } from "./attachmentsApi";
import "./attachments.css";

/** How often, and how many times, a post's attachments are read again while one is still being made. */
export const PENDING_POLL_MS = 1500;
const PENDING_POLLS = 20;

/**
 * A post's attachments as cards (those of a missing integration are left out), and the form an options-menu
 * action opens. A new attachment is shown at once, then read again until its service has answered.
 */
export function AttachmentCards({
  recordType,
  recordID,
  attachments: initial,
  integrations,
}: RenderedWidgetProps<"AttachmentCards">) {
  const toast = useToast();
  const [attachments, setAttachments] = useState<Attachment[]>(initial);
  const [form, setForm] = useState<AttachmentTarget | null>(null);
  const [refreshing, setRefreshing] = useState<number | null>(null);
  const [polls, setPolls] = useState(0);
  useAttachmentFormRequests(
    recordType,
    recordID,
    useCallback((target) => setForm(target), []),
  );

  const waiting = attachments.some((item) => item.status === "pending");
  useEffect(() => {
    if (!waiting || polls >= PENDING_POLLS) return;
    const timer = window.setTimeout(() => {
      getAttachments(recordType, recordID).then(
        (fresh) => {
          setAttachments(fresh);
          setPolls((count) => count + 1);
        },
        () => setPolls(PENDING_POLLS),
      );
    }, PENDING_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, polls, recordType, recordID]);

  const refresh = async (attachmentID: number) => {
    setRefreshing(attachmentID);
    try {
      const [fresh] = await refreshAttachments([attachmentID]);
      if (fresh)
        setAttachments((current) =>
          current.map((item) => (item.attachmentID === attachmentID ? fresh : item)),
        );
    } catch (error) {
      const apiError = toApiError(error);
      toast.addErrorToast(apiError.description ?? apiError.message);
    } finally {
      setRefreshing(null);
    }
  };

  const shown = attachments.filter((item) => integrations[item.type]);
  const formIntegration = form && integrations[form.attachmentType];
  return (
    <>
      {shown.length > 0 && (
        <section className="attachmentCards" aria-label={t("Attachments")}>
          <ul className="attachmentCards-list">
            {shown.map((attachment) => (
              <AttachmentCard
                key={attachment.attachmentID}
                attachment={attachment}
                integration={integrations[attachment.type]!}
                refreshing={refreshing === attachment.attachmentID}
                onRefresh={() => void refresh(attachment.attachmentID)}
              />
            ))}
          </ul>
        </section>
      )}
      {form && formIntegration && (
        <AttachmentFormModal
          target={form}
          title={formIntegration.title}
          submitButton={formIntegration.submitButton}
          onClose={() => setForm(null)}
          onCreated={(attachment) => {
            setForm(null);
            setAttachments((current) => [...current, attachment]);
            setPolls(0);
            if (formIntegration.postSuccessMessage)
              toast.addToast({ type: "success", message: t(formIntegration.postSuccessMessage) });
          }}
        />
      )}
    </>
  );
}
