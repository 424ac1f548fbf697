import { createHmac } from "node:crypto";
import { AttachmentServiceError } from "@plugins/attachments/server/integrations/attachmentIntegrations";
import { formatText, type Translate } from "@library/server/i18n/translate";

/** The header carrying `sha256=<hex HMAC-SHA256 of the raw body>` when a shared secret is set. */
export const SIGNATURE_HEADER = "x-webhook-signature";
/** The header naming one ticket: the same key is sent again when a send is retried. */
export const IDEMPOTENCY_HEADER = "idempotency-key";
/** How long the receiver has to answer. */
const TIMEOUT_MS = 10_000;

/** What the receiver answers: the ticket's id, and its address and status when it has them. */
export interface TicketAnswer {
  id: string;
  url: string | null;
  status: string;
}

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

function ticketAnswerOf(value: unknown): TicketAnswer | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const id = typeof record.id === "number" ? String(record.id) : record.id;
  if (typeof id !== "string" || id === "") return null;
  return {
    id,
    url: typeof record.url === "string" && /^https?:\/\//.test(record.url) ? record.url : null,
    status: typeof record.status === "string" && record.status !== "" ? record.status.slice(0, 50) : "open",
  };
}

/**
 * Posts one JSON event to the receiver and reads its ticket back. Throws AttachmentServiceError with a message a
 * person understands when the receiver cannot be reached, fails or answers something else than a ticket.
 */
export async function callTicketWebhook(
  target: { url: string; secret: string },
  event: Record<string, unknown>,
  t: Translate,
  idempotencyKey?: string,
): Promise<TicketAnswer> {
  const body = JSON.stringify(event);
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (target.secret !== "") headers[SIGNATURE_HEADER] = signBody(target.secret, body);
  if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: "POST",
      headers,
      body,
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new AttachmentServiceError(t("The ticket service could not be reached."));
  }
  if (!response.ok)
    throw new AttachmentServiceError(
      formatText(t("The ticket service answered with error {status}."), { status: response.status }),
    );
  let answer: TicketAnswer | null;
  try {
    answer = ticketAnswerOf(await response.json());
  } catch {
    answer = null;
  }
  if (!answer) throw new AttachmentServiceError(t("The ticket service did not answer with a ticket."));
  return answer;
}
