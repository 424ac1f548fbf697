import type { FastifyRequest } from "fastify";
import type { PlatformContext } from "../app/platformContext";
import { html, type SafeHtml } from "./html";

/** What the site's theme adds to a page: styles in the head, its header and footer, a class on the body. */
export interface PageThemeParts {
  head: SafeHtml;
  header: SafeHtml;
  footer: SafeHtml;
  /** Mount points after the page (the theme preview toast). */
  bodyEnd: SafeHtml;
  /** `colorScheme-dark` and the like. */
  bodyClass: string;
}

export type PageThemePartsProvider = (request: FastifyRequest) => Promise<PageThemeParts>;

const NONE: PageThemeParts = { head: html``, header: html``, footer: html``, bodyEnd: html``, bodyClass: "" };

const providers = new WeakMap<PlatformContext, PageThemePartsProvider>();

/** The application that owns themes says what they add to every page (one provider per app). */
export function providePageThemeParts(context: PlatformContext, provider: PageThemePartsProvider): void {
  providers.set(context, provider);
}

/** The theme parts of a page for this request (nothing when no theme is provided). */
export async function pageThemeParts(
  context: PlatformContext,
  request: FastifyRequest,
): Promise<PageThemeParts> {
  const provider = providers.get(context);
  return provider ? provider(request) : NONE;
}
