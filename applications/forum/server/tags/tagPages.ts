import type { AppContext } from "@library/server/app/appContext";
import { sendErrorPage } from "@library/server/pages/errorPages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { pageTreeRequest } from "../pageTrees/builtPage";
import { sendPageTree } from "../pageTrees/sendPageTree";
import { parsePageSegment } from "../pageParts/discussionView";
import { parseDiscussionSort, parseListReadState } from "../pageParts/listViews";
import { buildTagPage } from "./tagPageTree";

type TagPageRequest = FastifyRequest<{
  Params: { urlcode: string; page?: string };
  Querystring: { sort?: string; readState?: string };
}>;

/** `?tagID=` of `/discussions`: a whole positive number, else null (the plain recent list). */
export function parseTagIDParam(value: unknown): number | null {
  return typeof value === "string" && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** `/discussions/tagged/{urlcode}[/p{n}]`: the tag page under the address API.md gives a tag (`url`). */
export function tagPageRoutes(app: FastifyInstance, context: AppContext): void {
  const show = async (request: TagPageRequest, reply: Parameters<typeof sendPageTree>[2]) => {
    const page = parsePageSegment(request.params.page);
    if (page === null || request.params.urlcode.length > 100)
      return sendErrorPage(context.pages, request, reply, 404);
    const built = await buildTagPage(context, pageTreeRequest(context, request), {
      tag: { urlcode: request.params.urlcode },
      page,
      sort: parseDiscussionSort(request.query.sort),
      readState: parseListReadState(request.query.readState, request.viewer),
    });
    return sendPageTree(context, request, reply, built);
  };
  app.get("/discussions/tagged/:urlcode", show);
  app.get("/discussions/tagged/:urlcode/:page", show);
}
