import { themePaths, type ThemePreviewMeta } from "@forum/api/themes";
import type { AppContext } from "@library/server/app/appContext";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ResolvedTheme } from "./themeQueries";

/** The theme a site manager previews in this browser session: `<themeID>` or `<themeID>:<revisionID>`. */
export const THEME_PREVIEW_COOKIE = "themePreview";

export interface PreviewChoice {
  themeID: string;
  revisionID?: number;
}

/** The preview this request asks for: only a site manager's (anyone else sees the site's theme). */
export function requestedPreview(request: FastifyRequest): PreviewChoice | null {
  const value = request.cookies[THEME_PREVIEW_COOKIE];
  if (!value || !request.viewer.has("site.manage")) return null;
  const match = /^([a-z0-9-]{1,60})(?::([1-9][0-9]{0,9}))?$/.exec(value);
  if (!match?.[1]) return null;
  return match[2] ? { themeID: match[1], revisionID: Number(match[2]) } : { themeID: match[1] };
}

function cookieOptions(context: AppContext, request: FastifyRequest) {
  return {
    path: context.settings.peek<string>("garden.cookie.path"),
    httpOnly: true,
    sameSite: "lax" as const,
    secure: request.protocol === "https" || /^https:\/\//i.test(context.config.siteUrl ?? ""),
  };
}

/** Starts previewing (a browser-session cookie) or, with null, stops. */
export function setPreviewCookie(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  choice: PreviewChoice | null,
): void {
  if (!choice) {
    void reply.clearCookie(THEME_PREVIEW_COOKIE, cookieOptions(context, request));
    return;
  }
  const value = choice.revisionID ? `${choice.themeID}:${choice.revisionID}` : choice.themeID;
  void reply.setCookie(THEME_PREVIEW_COOKIE, value, cookieOptions(context, request));
}

/**
 * Page meta `themePreview` (API.md 19): after apply or cancel the manager goes back to the theme management
 * page, or, for a revision, to the theme's revisions.
 */
export function previewMeta(theme: ResolvedTheme, revisionID?: number): ThemePreviewMeta {
  return {
    name: theme.name,
    themeID: theme.themeID,
    ...(revisionID ? { revisionID } : {}),
    redirect: revisionID ? themePaths.revisions(theme.themeID) : themePaths.manage,
  };
}
