import { createHash } from "node:crypto";
import type { PlatformContext } from "@library/server/app/platformContext";
import { translatorFor } from "@library/server/i18n/translate";
import type { JobHandler } from "@library/server/jobs/jobQueue";
import type { AttachmentMetadata } from "@plugins/attachments/api/attachmentsApi";
import {
  getAttachmentRow,
  updateAttachment,
} from "@plugins/attachments/server/attachments/attachmentQueries";
import { AttachmentServiceError } from "@plugins/attachments/server/integrations/attachmentIntegrations";
import { callTicketWebhook } from "./ticketWebhook";
import { ticketTarget } from "./ticketSettings";

export const SEND_TICKET_JOB = "webhookTickets.send";
/** Sends tried before the attachment is marked failed: 10 s, 20 s, 40 s, 80 s apart. */
export const SEND_TICKET_ATTEMPTS = 5;
export const SEND_TICKET_BACKOFF_SECONDS = 10;

/** What the receiver is told about the post (`ticket` of the `ticket.create` event). */
export interface TicketContent {
  title: string;
  body: string;
  priority: string;
  author: { userID: number; name: string };
  url: string;
  recordType: string;
  recordID: number;
}

export interface SendTicketPayload {
  attachmentID: number;
  discussionID: number;
  ticket: TicketContent;
}

/** The same key for every send of one attachment (a retry, a job run twice), different on every site. */
export function idempotencyKeyOf(
  context: PlatformContext,
  attachmentID: number,
  dateInserted: string,
): string {
  const seed = `${context.origin.forMail()}|${attachmentID}|${dateInserted}`;
  return `attachment-${attachmentID}-${createHash("sha256").update(seed).digest("hex").slice(0, 24)}`;
}

/** The priorities a ticket is sent with, and their English names (the card shows them through t()). */
export const PRIORITY_NAMES: Record<string, string> = { low: "Low", normal: "Normal", high: "High" };

export function ticketMetadata(ticket: TicketContent): AttachmentMetadata[] {
  return [{ labelCode: "Priority", value: PRIORITY_NAMES[ticket.priority] ?? ticket.priority }];
}

/**
 * Sends a new ticket after the attachment's write committed. Idempotent: an attachment that already has its
 * ticket is left alone, and a send repeated after a lost answer carries the same idempotency key. A failed send
 * shows its reason on the attachment and is retried with backoff; after the last attempt the attachment fails.
 */
export function sendTicketJob(context: PlatformContext): JobHandler<SendTicketPayload> {
  return async (payload, job) => {
    const row = await getAttachmentRow(context.db, payload.attachmentID);
    if (!row || row.sourceID !== null) {
      job.noteChanged();
      return;
    }
    const key = idempotencyKeyOf(context, row.attachmentID, row.dateInserted);
    const metadata = ticketMetadata(payload.ticket);
    const changed = `discussion:${payload.discussionID}` as const;
    try {
      const answer = await callTicketWebhook(
        ticketTarget(context),
        { event: "ticket.create", idempotencyKey: key, ticket: payload.ticket },
        translatorFor("en"),
        key,
      );
      await updateAttachment(context.db, row.attachmentID, {
        status: answer.status,
        sourceID: answer.id,
        sourceUrl: answer.url,
        metadata,
      });
      job.noteChanged(changed);
    } catch (error) {
      const reason = error instanceof AttachmentServiceError ? error.message : String(error);
      await updateAttachment(context.db, row.attachmentID, {
        status: job.attempt >= SEND_TICKET_ATTEMPTS ? "failed" : "pending",
        metadata: [...metadata, { labelCode: "Error", value: reason }],
      });
      await context.caches.publish([changed]);
      throw error;
    }
  };
}
