import { defineAddon } from "@library/server/addons/defineAddon";
import { attachmentIntegrations } from "@plugins/attachments/server/integrations/attachmentIntegrations";
import { Type } from "@sinclair/typebox";
import {
  SEND_TICKET_ATTEMPTS,
  SEND_TICKET_BACKOFF_SECONDS,
  SEND_TICKET_JOB,
  sendTicketJob,
} from "./tickets/sendTicketJob";
import { ticketIntegration } from "./tickets/ticketIntegration";
import { CREATE_PERMISSION, SCOPE_SETTING, SECRET_SETTING, URL_SETTING } from "./tickets/ticketSettings";

declare module "@library/server/permissions/permissionNames" {
  interface AddonPermissionNames {
    "webhookTickets.create": true;
  }
}

/**
 * Webhook Tickets: an attachment integration ('Create Ticket' in Discussion Options) that posts the discussion
 * or comment as JSON to the ticket system's webhook, signed with HMAC-SHA256 when a shared secret is set, and
 * keeps the ticket's id, link and status on the post. Needs the attachments add-on.
 */
export const webhookTicketsAddon = defineAddon({
  key: "webhook-tickets",
  settings: {
    [URL_SETTING]: {
      type: "string",
      label: "Ticket webhook URL",
      default: "",
      schema: Type.String({ maxLength: 500, pattern: "^(https?://\\S+)?$" }),
      read: "site.manage",
    },
    [SECRET_SETTING]: {
      type: "string",
      label: "Shared secret for signing",
      description: "Each request carries X-Webhook-Signature: sha256=<HMAC-SHA256 of the body>.",
      default: "",
      schema: Type.String({ maxLength: 200 }),
      read: "site.manage",
    },
    [SCOPE_SETTING]: {
      type: "enum",
      label: "Tickets can be created from",
      default: "all",
      options: [
        { value: "all", label: "Any post" },
        { value: "own", label: "Their own posts" },
        { value: "none", label: "No post" },
      ],
      read: "site.manage",
    },
  },
  permissions: {
    [CREATE_PERMISSION]: { label: "Create tickets", default: "moderator" },
  },
  register(registrar, context) {
    registrar.job(SEND_TICKET_JOB, sendTicketJob(context), {
      maxAttempts: SEND_TICKET_ATTEMPTS,
      backoffSeconds: SEND_TICKET_BACKOFF_SECONDS,
    });
    registrar.extend((context, owner) => {
      attachmentIntegrations(context).add(ticketIntegration(context), owner);
    });
  },
});
