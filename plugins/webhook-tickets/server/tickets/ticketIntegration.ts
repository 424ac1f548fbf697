import type { PlatformContext } from "@library/server/app/platformContext";
import type { Translate } from "@library/server/i18n/translate";
import type { AttachmentIntegration } from "@plugins/attachments/server/integrations/attachmentIntegrations";
import { PRIORITY_NAMES, SEND_TICKET_JOB, type SendTicketPayload } from "./sendTicketJob";
import { CREATE_PERMISSION, ticketScope, ticketTarget } from "./ticketSettings";
import { callTicketWebhook } from "./ticketWebhook";

export const TICKET_TYPE = "webhook-ticket";
const EXCERPT_LENGTH = 500;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

/**
 * 'Create Ticket': the post's title, an excerpt of its body, a priority, its author and address go as JSON to the
 * configured URL by a job after the write commits; the ticket's id, address and status become the attachment.
 * Refresh asks the receiver for the ticket's status again (`ticket.status`).
 */
export function ticketIntegration(context: PlatformContext): AttachmentIntegration {
  return {
    attachmentType: TICKET_TYPE,
    permission: CREATE_PERMISSION,
    recordTypes: ["discussion", "comment"],
    isConfigured: () => ticketTarget(context).url !== "",
    writeableContentScope: () => ticketScope(context),
    catalog: (t: Translate) => ({
      title: t("Ticket"),
      name: t("Ticket"),
      label: t("Create Ticket"),
      submitButton: t("Create Ticket"),
      externalIDLabel: t("Ticket #"),
      logoIcon: "ticket",
      postSuccessMessage: t("The ticket is being created."),
      escalationDelayUnit: null,
      escalationDelayLength: null,
    }),
    form: (record, t) => ({
      type: "object",
      properties: {
        title: { type: "string", title: t("Title"), default: record.title, maxLength: 200 },
        body: {
          type: "string",
          title: t("Description"),
          default: excerpt(record.bodyText),
          maxLength: 2000,
          "x-control": "textarea",
        },
        priority: {
          type: "string",
          title: t("Priority"),
          default: "normal",
          enum: Object.keys(PRIORITY_NAMES),
          "x-labels": { low: t("Low"), normal: t("Normal"), high: t("High") },
        },
      },
      required: ["title", "priority"],
    }),
    created: async (platform, trx, attachmentID, record, fields) => {
      const payload: SendTicketPayload = {
        attachmentID,
        discussionID: record.discussionID,
        ticket: {
          title: fields.title ?? record.title,
          body: fields.body ?? "",
          priority: fields.priority ?? "normal",
          author: { userID: record.insertUserID, name: record.authorName },
          url: record.url,
          recordType: record.recordType,
          recordID: record.recordID,
        },
      };
      await platform.jobs.enqueue(trx, SEND_TICKET_JOB, payload);
    },
    refresh: async (platform, attachment, t) => {
      if (attachment.sourceID === null) return null;
      const answer = await callTicketWebhook(
        ticketTarget(platform),
        { event: "ticket.status", ticketID: attachment.sourceID },
        t,
      );
      return {
        status: answer.status,
        sourceUrl: answer.url ?? attachment.sourceUrl,
        metadata: attachment.metadata.filter((item) => item.labelCode !== "Error"),
      };
    },
  };
}
