import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { sectionBasePath, withSectionLinks } from "@library/server/http/siteSections";
import { html } from "@library/server/pages/html";
import { renderPageTreeHtml } from "@library/server/pages/pageTreeHtml";
import type { BuiltPage } from "./builtPage";
import { forumNodeHtml } from "./forumNodeHtml";

/** The server's rendering of a page tree: a full page whose content is the tree as HTML with mount points. */
export function sendPageTree(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  built: BuiltPage,
): Promise<FastifyReply> {
  // A section's pages link inside it (`/fr/…`).
  const layout = withSectionLinks(built.layout, sectionBasePath(request));
  const content = renderPageTreeHtml(layout.layout, forumNodeHtml, { t: request.t, viewer: request.viewer });
  return context.pages.send(request, reply, {
    title: layout.title ?? "",
    description: built.description,
    canonicalPath: built.canonicalPath,
    body: html`<div class="layoutPage" data-layout-view-type="${layout.layoutViewType}">${content}</div>`,
  });
}
