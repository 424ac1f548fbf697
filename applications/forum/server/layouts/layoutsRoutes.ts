import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { LayoutQuery, LayoutViewType } from "@forum/api/layouts";
import type { AppContext } from "@library/server/app/appContext";
import { pageTreeRequest } from "../pageTrees/builtPage";
import { pageTreeForQuery } from "../pageTrees/pageTreeForQuery";

const VIEW_TYPES: LayoutViewType[] = [
  "home",
  "discussionList",
  "categoryList",
  "discussionCategoryPage",
  "post",
  "createPost",
];

const LookupQuerySchema = Type.Object({
  layoutViewType: Type.Union(VIEW_TYPES.map((value) => Type.Literal(value))),
  recordType: Type.String({ minLength: 1, maxLength: 50, default: "global" }),
  recordID: Type.String({ minLength: 1, maxLength: 255, default: "-1" }),
  params: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 2000 }))),
  includeNoScript: Type.Optional(Type.Boolean()),
});

interface LookupQuery {
  layoutViewType: LayoutViewType;
  recordType: string;
  recordID: string;
  params?: Record<string, string>;
}

/** `GET /layouts/lookup-hydrate` (API.md 17): the page tree the server page of the same address draws. */
export function layoutsRoutes(api: FastifyInstance, context: AppContext): void {
  api.get("/layouts/lookup-hydrate", { schema: { querystring: LookupQuerySchema } }, async (request) => {
    const raw = request.query as LookupQuery;
    const query: LayoutQuery = {
      layoutViewType: raw.layoutViewType,
      recordType: raw.recordType,
      recordID: raw.recordID,
      params: raw.params ?? {},
    };
    return pageTreeForQuery(context, pageTreeRequest(context, request), query);
  });
}
