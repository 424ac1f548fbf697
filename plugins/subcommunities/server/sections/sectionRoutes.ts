import type { AppContext } from "@library/server/app/appContext";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  SiteSectionParamsSchema,
  SiteSectionPatchSchema,
  SiteSectionPostSchema,
  SiteSectionSchema,
} from "../../api/subcommunitiesApi";
import { createSection, deleteSection, patchSection } from "./sectionCommands";
import { getSection, listSections } from "./sectionQueries";

/**
 * Site sections: `GET /subcommunities` and `GET /subcommunities/{id}` (anyone: the picker lists them),
 * `POST`, `PATCH` and `DELETE` (subcommunities.manage).
 */
export function sectionRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  routes.get("/subcommunities", { schema: { response: { 200: Type.Array(SiteSectionSchema) } } }, async () =>
    listSections(context.db),
  );
  routes.get(
    "/subcommunities/:siteSectionID",
    { schema: { params: SiteSectionParamsSchema, response: { 200: SiteSectionSchema } } },
    async (request) => getSection(context, request.params.siteSectionID),
  );
  routes.post(
    "/subcommunities",
    { schema: { body: SiteSectionPostSchema, response: { 201: SiteSectionSchema } } },
    async (request, reply) => {
      const siteSectionID = await createSection(context, request.viewer, request.body);
      return reply.code(201).send(await getSection(context, siteSectionID));
    },
  );
  routes.patch(
    "/subcommunities/:siteSectionID",
    {
      schema: {
        params: SiteSectionParamsSchema,
        body: SiteSectionPatchSchema,
        response: { 200: SiteSectionSchema },
      },
    },
    async (request) => {
      await patchSection(context, request.viewer, request.params.siteSectionID, request.body);
      return getSection(context, request.params.siteSectionID);
    },
  );
  routes.delete(
    "/subcommunities/:siteSectionID",
    { schema: { params: SiteSectionParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await deleteSection(context, request.viewer, request.params.siteSectionID);
      return reply.code(204).send();
    },
  );
}
