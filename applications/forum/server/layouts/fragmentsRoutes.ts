import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  FragmentAssetQuerySchema,
  FragmentParamsSchema,
  FragmentPatchSchema,
  FragmentPostSchema,
  FragmentSchema,
  type Fragment,
} from "@forum/api/fragments";
import type { AppContext } from "@library/server/app/appContext";
import { noteChanged } from "@library/server/cache/cacheRequests";
import { recordNames } from "@library/server/cache/recordNames";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import type { Viewer } from "@library/server/permissions/viewer";
import { FRAGMENT_FRAME_REPORTER } from "./fragmentFrameReporter";
import {
  createFragment,
  deleteFragment,
  FRAGMENT_MANAGERS,
  fragmentAssetUrl,
  fragmentRevision,
  loadFragments,
  patchFragment,
} from "./fragmentStore";

const CONTENT_TYPES = {
  js: "application/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
} as const;

/** Custom fragments (API.md 18): public code assets by revision, written by site managers. */
export function fragmentsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const one = async (viewer: Viewer, fragmentUUID: string): Promise<Fragment> => {
    viewer.require(FRAGMENT_MANAGERS);
    const [fragment] = await loadFragments(context.db, fragmentUUID);
    if (!fragment) throw new NotFoundError("Fragment");
    return fragment;
  };

  routes.get("/fragments/frame-reporter.js", async (_request, reply) =>
    reply
      .header("Content-Type", CONTENT_TYPES.js)
      .header("Cache-Control", "public, max-age=3600")
      .send(FRAGMENT_FRAME_REPORTER),
  );

  for (const kind of ["js", "css"] as const)
    routes.get(
      `/fragments/:fragmentUUID/${kind}`,
      { schema: { params: FragmentParamsSchema, querystring: FragmentAssetQuerySchema } },
      async (request, reply) => {
        const { fragmentUUID } = request.params;
        const revisionUUID = request.query.fragmentRevisionUUID;
        if (revisionUUID === undefined) {
          const [fragment] = await loadFragments(context.db, fragmentUUID);
          if (!fragment) throw new NotFoundError("Fragment");
          return reply
            .header("Cache-Control", "no-cache")
            .redirect(fragmentAssetUrl(fragmentUUID, kind, fragment.fragmentRevisionUUID), 302);
        }
        const revision = await fragmentRevision(context.db, fragmentUUID, revisionUUID);
        if (!revision) throw new NotFoundError("Fragment");
        return reply
          .header("Content-Type", CONTENT_TYPES[kind])
          .header("Cache-Control", "public, max-age=31536000, immutable")
          .send(revision[kind]);
      },
    );

  routes.get("/fragments", { schema: { response: { 200: Type.Array(FragmentSchema) } } }, async (request) => {
    request.viewer.require(FRAGMENT_MANAGERS);
    return loadFragments(context.db);
  });

  routes.get(
    "/fragments/:fragmentUUID",
    { schema: { params: FragmentParamsSchema, response: { 200: FragmentSchema } } },
    async (request) => one(request.viewer, request.params.fragmentUUID),
  );

  routes.post(
    "/fragments",
    { schema: { body: FragmentPostSchema, response: { 201: FragmentSchema } } },
    async (request, reply) => {
      const fragmentUUID = await createFragment(context, request.viewer, request.body);
      noteChanged(request, recordNames.layouts);
      return reply.status(201).send(await one(request.viewer, fragmentUUID));
    },
  );

  routes.patch(
    "/fragments/:fragmentUUID",
    {
      schema: { params: FragmentParamsSchema, body: FragmentPatchSchema, response: { 200: FragmentSchema } },
    },
    async (request) => {
      await patchFragment(context, request.viewer, request.params.fragmentUUID, request.body);
      noteChanged(request, recordNames.layouts);
      return one(request.viewer, request.params.fragmentUUID);
    },
  );

  routes.delete(
    "/fragments/:fragmentUUID",
    { schema: { params: FragmentParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await deleteFragment(context, request.viewer, request.params.fragmentUUID);
      noteChanged(request, recordNames.layouts);
      return reply.status(204).send();
    },
  );
}
