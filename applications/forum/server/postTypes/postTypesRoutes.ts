import { Type } from "@sinclair/typebox";
import {
  PostPreviewBodySchema,
  PostPreviewSchema,
  PostTypeListQuerySchema,
  PostTypeSchema,
  type PostPreview,
  type PostType,
} from "@forum/api/postTypes";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import type { FastifyInstance } from "fastify";
import { parseDiscussionTypes } from "../categories/categoriesPresenter";
import { getCategoryTree, requireCategoryPermission } from "../categories/categoryTree";
import { prepareBody } from "../content/bodies";
import { availablePostTypes, postTypesAllowedIn } from "./postTypeCatalog";

/** `GET /post-types` (the types members can create, in a category when asked) and `POST /discussions/preview`. */
export function postTypesRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/post-types",
    { schema: { querystring: PostTypeListQuerySchema, response: { 200: Type.Array(PostTypeSchema) } } },
    async (request): Promise<PostType[]> => {
      const available = availablePostTypes(context);
      const { categoryID } = request.query;
      if (categoryID === undefined) return available;
      const tree = await getCategoryTree(context.db);
      const category = tree.get(categoryID);
      if (!category) throw new NotFoundError("Category");
      requireCategoryPermission(tree, request.viewer, "discussions.view", categoryID);
      return postTypesAllowedIn(available, parseDiscussionTypes(category.allowedDiscussionTypes));
    },
  );

  // The body as readers will see it: the renderer and limits of POST /discussions, nothing stored.
  routes.post(
    "/discussions/preview",
    { schema: { body: PostPreviewBodySchema, response: { 200: PostPreviewSchema } } },
    async (request): Promise<PostPreview> => {
      request.viewer.require("session.valid");
      return { body: prepareBody(request.body.format, request.body.body).bodyHtml };
    },
  );
}
