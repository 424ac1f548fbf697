import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "@library/server/app/appContext";
import { sendErrorPage } from "@library/server/pages/errorPages";
import { pageTreeRequest } from "../pageTrees/builtPage";
import {
  buildCategoryListPage,
  buildCategoryPage,
  buildDiscussionListPage,
} from "../pageTrees/listPageTrees";
import { sendPageTree } from "../pageTrees/sendPageTree";
import { parsePageSegment } from "../pageParts/discussionView";
import { sendLayoutPageIfEnabled } from "./layoutShell";
import { getCategoryTree } from "../categories/categoryTree";
import { sectionPlacementRedirect } from "../pageTrees/sectionPlacement";
import { parseDiscussionSort, parseListPostFilter, parseListReadState } from "../pageParts/listViews";
import { buildTagPage } from "../tags/tagPageTree";
import { parseTagIDParam } from "../tags/tagPages";

type ListRequest = FastifyRequest<{
  Params: { page?: string; category?: string };
  Querystring: {
    sort?: string;
    page?: string;
    readState?: string;
    tagID?: string;
    type?: string;
    statusID?: string;
  };
}>;

function requestedPage(request: ListRequest): number | null {
  if (request.params.page !== undefined) return parsePageSegment(request.params.page);
  const query = request.query.page;
  return query && /^\d{1,6}$/.test(query) ? Math.max(1, Number(query)) : 1;
}

/**
 * `/discussions` (recent discussions), `/categories` (the tree) and `/categories/{id}[/p{page}]`: each drawn
 * from the page tree its layout serves too.
 */
export function listPageRoutes(app: FastifyInstance, context: AppContext): void {
  const recent = async (request: ListRequest, reply: FastifyReply) => {
    const page = requestedPage(request);
    if (page === null) return sendErrorPage(context.pages, request, reply, 404);
    if (await sendLayoutPageIfEnabled(context, request, reply, "customLayout.discussionList")) return reply;
    const args = {
      page,
      sort: parseDiscussionSort(request.query.sort),
      readState: parseListReadState(request.query.readState, request.viewer),
      postFilter: parseListPostFilter(request.query),
    };
    // `?tagID=` makes it the tag page.
    const tagID = parseTagIDParam(request.query.tagID);
    const built =
      tagID !== null
        ? await buildTagPage(context, pageTreeRequest(context, request), { ...args, tag: { tagID } })
        : await buildDiscussionListPage(context, pageTreeRequest(context, request), args);
    return sendPageTree(context, request, reply, built);
  };
  app.get("/discussions", recent);
  app.get("/discussions/:page", recent);

  app.get("/categories", async (request: ListRequest, reply) => {
    if (await sendLayoutPageIfEnabled(context, request, reply, "customLayout.categoryList")) return reply;
    const built = await buildCategoryListPage(context, pageTreeRequest(context, request));
    return sendPageTree(context, request, reply, built);
  });

  const category = async (request: ListRequest, reply: FastifyReply) => {
    const page = requestedPage(request);
    const idOrCode = request.params.category ?? "";
    if (page === null || idOrCode.length > 255) return sendErrorPage(context.pages, request, reply, 404);
    // Through a site section's folder, a category of another part of the site is shown at its own address.
    const found = (await getCategoryTree(context.db)).find(idOrCode);
    const placed = found ? await sectionPlacementRedirect(context, request, found.categoryID) : null;
    if (placed !== null) return reply.redirect(placed, 302);
    if (await sendLayoutPageIfEnabled(context, request, reply, "customLayout.categoryList")) return reply;
    const built = await buildCategoryPage(context, pageTreeRequest(context, request), {
      idOrCode,
      page,
      sort: parseDiscussionSort(request.query.sort),
      readState: parseListReadState(request.query.readState, request.viewer),
      postFilter: parseListPostFilter(request.query),
    });
    return sendPageTree(context, request, reply, built);
  };
  app.get("/categories/:category", category);
  app.get("/categories/:category/:page", category);
}
