import { Type, type Static } from "@sinclair/typebox";
import { Nullable } from "./common";
import { PermissionFragmentSchema } from "./users";

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
