import { Type } from "@sinclair/typebox";
import {
  RoleGetQuerySchema,
  RoleIDParamsSchema,
  RoleListQuerySchema,
  RolePatchSchema,
  RolePermissionsBodySchema,
  RolePostSchema,
  RoleSchema,
  type Role,
} from "@forum/api/roles";
import type { AppContext } from "@library/server/app/appContext";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { Viewer } from "@library/server/permissions/viewer";
import type { FastifyInstance } from "fastify";
import { NoBodySchema, typedRoutes } from "@library/server/http/typeBoxProvider";
import { canAssignRole } from "./roleAssignment";
import { PermissionFragmentSchema } from "@forum/api/users";
import { createRole, deleteRole, patchRole, writeRolePermissions } from "./rolesCommands";
import { presentRole, presentRoleGrants, type RoleRow } from "./rolesPresenter";
import {
  PermissionDescriptionSchema,
  RolePermissionsPreviewBodySchema,
  RolePermissionsPreviewSchema,
} from "@forum/api/permissionCatalog";
import { permissionCatalog } from "./permissionCatalog";
import { previewRolePermissions } from "./rolePermissionsPreview";

type RoleExpand = "permissions" | "assignable" | "all";

/** Roles the viewer may see (personal-info roles need personalInfo.view), presented with the expands asked for. */
async function presentRoles(
  context: AppContext,
  viewer: Viewer,
  rows: RoleRow[],
  expand: readonly RoleExpand[] = [],
): Promise<Role[]> {
  const snapshot = await context.grants.get();
  const full = viewer.has("site.manage");
  const withPermissions = full && (expand.includes("permissions") || expand.includes("all"));
  const withAssignable = expand.includes("assignable") || expand.includes("all");
  return rows
    .filter((row) => row.personalInfo !== 1 || viewer.has("personalInfo.view"))
    .map((row) => {
      const grants = snapshot.byRole.get(row.roleID);
      return presentRole(row, {
        full,
        ...(withPermissions ? { permissions: presentRoleGrants(grants) } : {}),
        ...(withAssignable ? { assignable: canAssignRole(viewer, row, grants) } : {}),
      });
    });
}

async function presentOneRole(
  context: AppContext,
  viewer: Viewer,
  roleID: number,
  expand?: readonly RoleExpand[],
) {
  const row = await context.db
    .selectFrom("roles")
    .selectAll()
    .where("roleID", "=", roleID)
    .executeTakeFirst();
  const [role] = row ? await presentRoles(context, viewer, [row], expand) : [];
  if (!role) throw new NotFoundError("Role");
  return role;
}

/** Roles (API.md 5): anyone reads the minimal view; site.manage reads everything and writes. */
export function rolesRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/roles",
    { schema: { querystring: RoleListQuerySchema, response: { 200: Type.Array(RoleSchema) } } },
    async (request) => {
      const rows = await context.db
        .selectFrom("roles")
        .selectAll()
        .orderBy("sort")
        .orderBy("roleID")
        .execute();
      const roles = await presentRoles(context, request.viewer, rows, request.query.expand);
      return roles.slice(0, request.query.limit ?? 500);
    },
  );

  routes.get(
    "/roles/:id",
    {
      schema: { params: RoleIDParamsSchema, querystring: RoleGetQuerySchema, response: { 200: RoleSchema } },
    },
    async (request) => presentOneRole(context, request.viewer, request.params.id, request.query.expand),
  );

  routes.post(
    "/roles",
    { schema: { body: RolePostSchema, response: { 201: RoleSchema } } },
    async (request, reply) => {
      const roleID = await createRole(context, request.viewer, request.body);
      return reply.code(201).send(await presentOneRole(context, request.viewer, roleID, ["permissions"]));
    },
  );

  routes.patch(
    "/roles/:id",
    { schema: { params: RoleIDParamsSchema, body: RolePatchSchema, response: { 200: RoleSchema } } },
    async (request) => {
      await patchRole(context, request.viewer, request.params.id, request.body);
      return presentOneRole(context, request.viewer, request.params.id, ["permissions"]);
    },
  );

  const grantsOf = async (viewer: Viewer, roleID: number) => {
    viewer.require("site.manage");
    return (await presentOneRole(context, viewer, roleID, ["permissions"])).permissions ?? [];
  };
  const permissionsRoute = {
    schema: {
      params: RoleIDParamsSchema,
      body: RolePermissionsBodySchema,
      response: { 200: Type.Array(PermissionFragmentSchema) },
    },
  };

  routes.get(
    "/roles/:id/permissions",
    { schema: { params: RoleIDParamsSchema, response: { 200: Type.Array(PermissionFragmentSchema) } } },
    async (request) => grantsOf(request.viewer, request.params.id),
  );

  routes.put("/roles/:id/permissions", permissionsRoute, async (request) => {
    await writeRolePermissions(context, request.viewer, request.params.id, request.body, "replace");
    return grantsOf(request.viewer, request.params.id);
  });

  routes.patch("/roles/:id/permissions", permissionsRoute, async (request) => {
    await writeRolePermissions(context, request.viewer, request.params.id, request.body, "merge");
    return grantsOf(request.viewer, request.params.id);
  });

  routes.get(
    "/dashboard/permissions",
    { schema: { response: { 200: Type.Array(PermissionDescriptionSchema) } } },
    async (request) => {
      request.viewer.require("site.manage");
      return permissionCatalog(context, request.t);
    },
  );

  routes.post(
    "/roles/:id/permissions/preview",
    {
      schema: {
        params: RoleIDParamsSchema,
        body: RolePermissionsPreviewBodySchema,
        response: { 200: RolePermissionsPreviewSchema },
      },
    },
    async (request) => {
      request.viewer.require("site.manage");
      const { permissions, mode } = request.body;
      return previewRolePermissions(context, request.params.id, permissions, mode);
    },
  );

  routes.delete(
    "/roles/:id",
    { schema: { params: RoleIDParamsSchema, response: { 204: NoBodySchema } } },
    async (request, reply) => {
      await deleteRole(context, request.viewer, request.params.id);
      return reply.code(204).send();
    },
  );
}
