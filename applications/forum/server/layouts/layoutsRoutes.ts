import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { LayoutQuery, LayoutViewType } from "@forum/api/layouts";
import {
  LayoutIDParamsSchema,
  LayoutListQuerySchema,
  LayoutPatchSchema,
  LayoutPostSchema,
  LayoutViewsPutSchema,
  StoredLayoutSchema,
  type StoredLayout,
} from "@forum/api/storedLayouts";
import type { AppContext } from "@library/server/app/appContext";
import { noteChanged } from "@library/server/cache/cacheRequests";
import { recordNames } from "@library/server/cache/recordNames";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import type { Viewer } from "@library/server/permissions/viewer";
import { pageTreeRequest } from "../pageTrees/builtPage";
import { pageTreeForQuery } from "../pageTrees/pageTreeForQuery";
import { createLayout, deleteLayout, LAYOUT_MANAGERS, patchLayout, putLayoutViews } from "./layoutCommands";
import { LayoutHydrateBodySchema, previewLayout } from "./layoutPreview";
import { loadLayouts } from "./layoutStore";

const VIEW_TYPES: LayoutViewType[] = [
  "home",
  "subcommunityHome",
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

/**
 * `GET /layouts/lookup-hydrate` (API.md 17): the page tree the server page of the same address draws, or the
 * stored layout that applies to it; and the stored layouts the dashboard's editor writes.
 */
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

  const routes = typedRoutes(api);
  const one = async (viewer: Viewer, layoutID: number): Promise<StoredLayout> => {
    viewer.require(LAYOUT_MANAGERS);
    const [layout] = await loadLayouts(context.db, [layoutID]);
    if (!layout) throw new NotFoundError("Layout");
    return layout;
  };

  routes.get(
    "/layouts",
    { schema: { querystring: LayoutListQuerySchema, response: { 200: Type.Array(StoredLayoutSchema) } } },
    async (request) => {
      request.viewer.require(LAYOUT_MANAGERS);
      const layouts = await loadLayouts(context.db);
      const { layoutViewType } = request.query;
      return layoutViewType ? layouts.filter((layout) => layout.layoutViewType === layoutViewType) : layouts;
    },
  );

  // The editor's live preview: a layout not saved, filled with the site's data.
  routes.post("/layouts/hydrate", { schema: { body: LayoutHydrateBodySchema } }, async (request) =>
    previewLayout(context, pageTreeRequest(context, request), request.body),
  );

  routes.get(
    "/layouts/:layoutID",
    { schema: { params: LayoutIDParamsSchema, response: { 200: StoredLayoutSchema } } },
    async (request) => one(request.viewer, request.params.layoutID),
  );

  routes.post(
    "/layouts",
    { schema: { body: LayoutPostSchema, response: { 201: StoredLayoutSchema } } },
    async (request, reply) => {
      const layoutID = await createLayout(context, request.viewer, request.body);
      noteChanged(request, recordNames.layouts);
      return reply.status(201).send(await one(request.viewer, layoutID));
    },
  );

  routes.patch(
    "/layouts/:layoutID",
    {
      schema: {
        params: LayoutIDParamsSchema,
        body: LayoutPatchSchema,
        response: { 200: StoredLayoutSchema },
      },
    },
    async (request) => {
      await patchLayout(context, request.viewer, request.params.layoutID, request.body);
      noteChanged(request, recordNames.layouts);
      return one(request.viewer, request.params.layoutID);
    },
  );

  routes.put(
    "/layouts/:layoutID/views",
    {
      schema: {
        params: LayoutIDParamsSchema,
        body: LayoutViewsPutSchema,
        response: { 200: StoredLayoutSchema },
      },
    },
    async (request) => {
      await putLayoutViews(context, request.viewer, request.params.layoutID, request.body);
      noteChanged(request, recordNames.layouts);
      return one(request.viewer, request.params.layoutID);
    },
  );

  routes.delete(
    "/layouts/:layoutID",
    { schema: { params: LayoutIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await deleteLayout(context, request.viewer, request.params.layoutID);
      noteChanged(request, recordNames.layouts);
      return reply.status(204).send();
    },
  );
}
