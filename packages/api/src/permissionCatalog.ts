import { Type, type Static } from "@sinclair/typebox";
import { PermissionFragmentSchema } from "./users";

/** One permission as the role editor shows it: declared by the core or an add-on, with its words and scope. */
export const PermissionDescriptionSchema = Type.Object({
  name: Type.String(),
  label: Type.String(),
  /** Heading of the matrix row group (Members, Posting…, or the add-on's name). */
  group: Type.String(),
  /** `category` permissions can also be set per category with custom permissions. */
  scope: Type.Union([Type.Literal("global"), Type.Literal("category")]),
});
export type PermissionDescription = Static<typeof PermissionDescriptionSchema>;

/** `POST /roles/{id}/permissions/preview`: the write the editor is about to make, and how (PUT or PATCH). */
export const RolePermissionsPreviewBodySchema = Type.Object({
  mode: Type.Union([Type.Literal("replace"), Type.Literal("merge")]),
  permissions: Type.Array(PermissionFragmentSchema, { maxItems: 1000 }),
});
export type RolePermissionsPreviewBody = Static<typeof RolePermissionsPreviewBodySchema>;

/** One permission in one scope that members of the role would gain or lose (holding it through no other role). */
export const PermissionChangeSchema = Type.Object({
  type: Type.String(),
  id: Type.Union([Type.Integer(), Type.Null()]),
  permission: Type.String(),
  change: Type.Union([Type.Literal("gain"), Type.Literal("lose")]),
  /** How many members it changes for, and the first names. */
  count: Type.Integer(),
  names: Type.Array(Type.String()),
});
export type PermissionChange = Static<typeof PermissionChangeSchema>;

export const RolePermissionsPreviewSchema = Type.Object({
  /** Members holding the role. */
  members: Type.Integer(),
  changes: Type.Array(PermissionChangeSchema),
  /** True when the write would leave nobody able to manage the site (it would be refused). */
  locksOutAdministrators: Type.Boolean(),
});
export type RolePermissionsPreview = Static<typeof RolePermissionsPreviewSchema>;
