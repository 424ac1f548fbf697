import { Type, type Static } from "@sinclair/typebox";
import { Nullable } from "./common";
import { PermissionFragmentSchema, StringEnum } from "./users";

/** Role (API.md 5): the full view for site.manage, the minimal view (roleID, name, description) otherwise. */
export const RoleSchema = Type.Object({
  roleID: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  type: Type.Optional(Nullable(Type.String())),
  deletable: Type.Optional(Type.Boolean()),
  canSession: Type.Optional(Type.Boolean()),
  personalInfo: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Integer()),
  assignable: Type.Optional(Type.Boolean()),
  permissions: Type.Optional(Type.Array(PermissionFragmentSchema)),
});
export type Role = Static<typeof RoleSchema>;

export const ROLE_TYPES = [
  "guest",
  "unconfirmed",
  "applicant",
  "member",
  "moderator",
  "administrator",
] as const;

export const RoleExpandSchema = Type.Array(StringEnum(["permissions", "assignable", "all"]));

export const RoleListQuerySchema = Type.Object({
  expand: Type.Optional(RoleExpandSchema),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 500 })),
});
export type RoleListQuery = Static<typeof RoleListQuerySchema>;

export const RoleGetQuerySchema = Type.Object({ expand: Type.Optional(RoleExpandSchema) });

export const RoleIDParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** `POST /roles`; `permissions` replaces every grant of the role. */
export const RolePostSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  type: Type.Optional(Nullable(StringEnum(ROLE_TYPES))),
  canSession: Type.Optional(Type.Boolean()),
  personalInfo: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Integer()),
  permissions: Type.Optional(Type.Array(PermissionFragmentSchema, { maxItems: 1000 })),
});
export type RolePost = Static<typeof RolePostSchema>;

/** `PATCH /roles/{id}`: `permissions` replaces the grants of each scope it names; other scopes stay. */
export const RolePatchSchema = Type.Partial(RolePostSchema);
export type RolePatch = Static<typeof RolePatchSchema>;

/**
 * `PUT /roles/{id}/permissions` (replace every grant) and `PATCH /roles/{id}/permissions` (change only the
 * permissions named: `true` grants, `false` revokes). Both answer the role's grants as PermissionFragment[].
 */
export const RolePermissionsBodySchema = Type.Array(PermissionFragmentSchema, { maxItems: 1000 });
