import type { FastifyReply, FastifyRequest } from "fastify";
import { html, type SafeHtml } from "./html";
import type { PageRenderer } from "./pageRenderer";

/** SPEC 2 "Other": the error page variants, readable without JavaScript. */
export function errorPageBody(status: number, request: FastifyRequest): { title: string; body: SafeHtml } {
  if (status === 404) {
    return {
      title: "Page Not Found",
      body: html`<div class="errorPage" role="alert">
        <h1 class="errorPage-title">Page Not Found</h1>
        <p class="errorPage-description">The page you were looking for could not be found.</p>
        <a class="button button-primary" href="/">Back to home page</a>
      </div>`,
    };
  }
  if (status === 403) {
    const signIn = request.viewer.isGuest
      ? html`<a class="button button-primary" href="/entry/signin?Target=${encodeURIComponent(request.url)}"
          >Sign In</a
        >`
      : "";
    return {
      title: "Permission Problem",
      body: html`<div class="errorPage" role="alert">
        <h1 class="errorPage-title">Permission Problem</h1>
        <p class="errorPage-description">You don't have permission to view this resource.</p>
        ${signIn}
      </div>`,
    };
  }
  return {
    title: "There was an error",
    body: html`<div class="errorPage" role="alert">
      <h1 class="errorPage-title">There was an error</h1>
      <p class="errorPage-description">Please try again later.</p>
      <a class="button button-primary" href="/">Back to Home</a>
    </div>`,
  };
}

export async function sendErrorPage(
  pages: PageRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
): Promise<FastifyReply> {
  const { title, body } = errorPageBody(status, request);
  return pages.send(request, reply, { title, body, status, noIndex: true });
}
