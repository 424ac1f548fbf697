import type { FastifyReply, FastifyRequest } from "fastify";
import { sectionBasePath, sectionLink } from "../http/siteSections";
import type { Translate } from "../i18n/translate";
import { html, type SafeHtml } from "./html";
import type { PageRenderer } from "./pageRenderer";

/** SPEC 2 "Other": the error page variants, readable without JavaScript. */
export function errorPageBody(
  status: number,
  request: FastifyRequest,
  t: Translate,
): { title: string; body: SafeHtml } {
  // A section's error pages lead back into it (`/fr/`).
  const base = sectionBasePath(request);
  if (status === 404) {
    return {
      title: t("Page Not Found"),
      body: html`<div class="errorPage" role="alert">
        <h1 class="errorPage-title">${t("Page Not Found")}</h1>
        <p class="errorPage-description">${t("The page you were looking for could not be found.")}</p>
        <a class="button button-primary" href="${sectionLink(base, "/")}">${t("Back to home page")}</a>
      </div>`,
    };
  }
  if (status === 403) {
    const signIn = request.viewer.isGuest
      ? html`<a class="button button-primary" href="${sectionLink(base, `/entry/signin?Target=${encodeURIComponent(request.url)}`)}"
          >${t("Sign In")}</a
        >`
      : "";
    return {
      title: t("Permission Problem"),
      body: html`<div class="errorPage" role="alert">
        <h1 class="errorPage-title">${t("Permission Problem")}</h1>
        <p class="errorPage-description">${t("You don't have permission to view this resource.")}</p>
        ${signIn}
      </div>`,
    };
  }
  return {
    title: t("There was an error"),
    body: html`<div class="errorPage" role="alert">
      <h1 class="errorPage-title">${t("There was an error")}</h1>
      <p class="errorPage-description">${t("Please try again later.")}</p>
      <a class="button button-primary" href="${sectionLink(base, "/")}">${t("Back to Home")}</a>
    </div>`,
  };
}

export async function sendErrorPage(
  pages: PageRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
): Promise<FastifyReply> {
  const { title, body } = errorPageBody(status, request, pages.translator());
  return pages.send(request, reply, { title, body, status, noIndex: true });
}
