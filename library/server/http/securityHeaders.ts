import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SettingsStore } from "../settings/settingsStore";
import { defineSetting } from "../settings/settingsRegistry";

/** Whether other sites may show the forum in a frame, and which ones (space-separated origins; empty: any). */
export const EMBED_ALLOWED_SETTING = "garden.embed.allow";
export const EMBED_TRUSTED_ORIGINS_SETTING = "garden.embed.trustedOrigins";

defineSetting({
  key: EMBED_ALLOWED_SETTING,
  schema: Type.Boolean(),
  default: false,
  read: "public",
  write: "site.manage",
});
defineSetting({
  key: EMBED_TRUSTED_ORIGINS_SETTING,
  schema: Type.String({ maxLength: 2000, pattern: "^[a-zA-Z0-9:/.*\\- ]*$" }),
  default: "",
  read: "site.manage",
  write: "site.manage",
});

/**
 * `frame-ancestors`: this site only, unless embedding is allowed (then the trusted origins, or anyone); origins
 * that applications and add-ons allow (`frameAncestorSources`) are added to a list that is not already anyone.
 */
export function frameAncestors(settings: SettingsStore, extraOrigins: readonly string[] = []): string {
  const extra = extraOrigins.length ? ` ${extraOrigins.join(" ")}` : "";
  if (settings.peek<boolean>(EMBED_ALLOWED_SETTING) !== true) return `'self'${extra}`;
  const trusted = settings.peek<string>(EMBED_TRUSTED_ORIGINS_SETTING).trim();
  return trusted ? `'self' ${trusted}${extra}` : "*";
}

/**
 * The page policy: scripts only from this origin (no inline script: the page bootstrap is a JSON data block),
 * images from anywhere (posts link images by URL), no plugins, forms and the base URL pinned to this site.
 */
export function contentSecurityPolicy(ancestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src * data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' https:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join("; ");
}

function isHttps(request: FastifyRequest, siteUrl: string | null): boolean {
  return request.protocol === "https" || (siteUrl?.startsWith("https://") ?? false);
}

/** Security headers on every answer; the content policy on HTML pages; HSTS when served over HTTPS. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  settings: SettingsStore,
  siteUrl: string | null,
  extraAncestors: () => readonly string[] = () => [],
): void {
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    const ancestors = frameAncestors(settings, extraAncestors());
    const type = String(reply.getHeader("content-type") ?? "");
    if (type.startsWith("text/html"))
      reply.header("Content-Security-Policy", contentSecurityPolicy(ancestors));
    else reply.header("Content-Security-Policy", `default-src 'none'; frame-ancestors ${ancestors}`);
    if (isHttps(request, siteUrl))
      reply.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    return payload;
  });
}
