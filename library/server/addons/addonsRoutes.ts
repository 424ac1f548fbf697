import { Type } from "@sinclair/typebox";
import {
  AddonListQuerySchema,
  AddonParamsSchema,
  AddonPatchBodySchema,
  AddonSchema,
  type Addon,
} from "@forum/api/addons";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../app/appContext";
import { NotFoundError } from "../errors/httpErrors";
import { typedRoutes } from "../http/typeBoxProvider";
import { seedDemoOfEnabledAddons } from "../app/seedDemo";
import { seedAddonPermissions } from "./loadAddons";

/** `GET /addons`, `GET /addons/{addonID}`, `PATCH /addons/{addonID}` (API.md 21); all need site.manage. */
export function addonsRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);
  const { addons } = context;

  routes.get(
    "/addons",
    { schema: { querystring: AddonListQuerySchema, response: { 200: Type.Array(AddonSchema) } } },
    async (request) => {
      request.viewer.require("site.manage");
      const { type, enabled } = request.query;
      return addons
        .list()
        .map((entry) => addons.present(entry))
        .filter(
          (addon) =>
            (type === undefined || addon.type === type) &&
            (enabled === undefined || addon.enabled === enabled),
        );
    },
  );

  routes.get(
    "/addons/:addonID",
    { schema: { params: AddonParamsSchema, response: { 200: AddonSchema } } },
    async (request) => {
      request.viewer.require("site.manage");
      const entry = addons.get(request.params.addonID);
      if (!entry) throw new NotFoundError("Addon");
      return addons.present(entry);
    },
  );

  routes.patch(
    "/addons/:addonID",
    {
      schema: {
        params: AddonParamsSchema,
        body: AddonPatchBodySchema,
        response: { 200: Type.Array(AddonSchema) },
      },
    },
    async (request) => {
      request.viewer.require("site.manage");
      const changed = await addons.setEnabled(
        request.params.addonID,
        request.body.enabled,
        request.viewer.userID,
      );
      if (changed.length > 0 && request.body.enabled && (await seedAddonPermissions(addons, context.db)))
        context.grants.invalidate();
      // A demo site shows what an add-on does the first time it runs (its demo content, once).
      if (changed.length > 0 && request.body.enabled) await seedDemoOfEnabledAddons(context);
      return changed.flatMap((key): Addon[] => {
        const entry = addons.get(key);
        return entry ? [addons.present(entry)] : [];
      });
    },
  );
}
