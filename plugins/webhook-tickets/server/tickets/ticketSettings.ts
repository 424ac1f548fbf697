import type { PlatformContext } from "@library/server/app/platformContext";
import type { WriteableContentScope } from "@plugins/attachments/api/attachmentsApi";

export const URL_SETTING = "webhookTickets.url";
export const SECRET_SETTING = "webhookTickets.secret";
export const SCOPE_SETTING = "webhookTickets.scope";
export const CREATE_PERMISSION = "webhookTickets.create";

/** Where tickets are sent, and the secret that signs them ("" for none). */
export function ticketTarget(context: PlatformContext): { url: string; secret: string } {
  return {
    url: context.settings.peek<string | null>(URL_SETTING) ?? "",
    secret: context.settings.peek<string | null>(SECRET_SETTING) ?? "",
  };
}

export function ticketScope(context: PlatformContext): WriteableContentScope {
  const scope = context.settings.peek<string | null>(SCOPE_SETTING);
  return scope === "own" || scope === "none" ? scope : "all";
}
