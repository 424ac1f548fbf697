import { Type, type Static } from "@sinclair/typebox";

/** The three kinds of add-on (API.md 21). */
export const AddonTypeSchema = Type.Union([
  Type.Literal("addon"),
  Type.Literal("theme"),
  Type.Literal("locale"),
]);
export type AddonType = Static<typeof AddonTypeSchema>;

/**
 * Whether the add-on runs: `enabled`, `disabled`, or `failed` (enabled, but its registration or a migration
 * threw; `error` says why). Core applications are `enabled` and cannot be disabled (`canDisable: false`).
 */
export const AddonStateSchema = Type.Union([
  Type.Literal("enabled"),
  Type.Literal("disabled"),
  Type.Literal("failed"),
]);
export type AddonState = Static<typeof AddonStateSchema>;

export const AddonRequirementSchema = Type.Object({
  addonID: Type.String(),
  key: Type.String(),
  name: Type.String(),
  type: AddonTypeSchema,
  constraint: Type.String(),
});
export type AddonRequirement = Static<typeof AddonRequirementSchema>;

/** A typed setting an add-on declares, so the dashboard can render a form field for it. */
export const AddonSettingSchema = Type.Object({
  key: Type.String(),
  type: Type.Union([
    Type.Literal("string"),
    Type.Literal("text"),
    Type.Literal("integer"),
    Type.Literal("boolean"),
    Type.Literal("enum"),
  ]),
  label: Type.String(),
  description: Type.Optional(Type.String()),
  default: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
  options: Type.Optional(Type.Array(Type.Object({ value: Type.String(), label: Type.String() }))),
});
export type AddonSetting = Static<typeof AddonSettingSchema>;

/** A permission an add-on declares: merged into the permission names and the role editor. */
export const AddonPermissionSchema = Type.Object({
  name: Type.String(),
  label: Type.String(),
  /** Role types that hold it by default (`member`, `moderator`, `administrator`…). */
  defaultRoles: Type.Array(Type.String()),
});
export type AddonPermission = Static<typeof AddonPermissionSchema>;

/** API.md 21 `Addon`, plus the run state, the load error and what the add-on declares. */
export const AddonSchema = Type.Object({
  addonID: Type.String(),
  key: Type.String(),
  name: Type.String(),
  type: AddonTypeSchema,
  description: Type.Optional(Type.String()),
  iconUrl: Type.String(),
  version: Type.String(),
  enabled: Type.Boolean(),
  state: AddonStateSchema,
  /** Why the add-on failed to load (only when `state` is `failed`). */
  error: Type.Optional(Type.String()),
  /** The failure was a migration's: enabling the add-on again (`PATCH` with `enabled: true`) runs it again. */
  canRetry: Type.Optional(Type.Boolean()),
  /** False for the core applications. */
  canDisable: Type.Boolean(),
  attributes: Type.Optional(Type.Object({ locale: Type.Optional(Type.String()) })),
  require: Type.Optional(Type.Array(AddonRequirementSchema)),
  conflict: Type.Optional(Type.Array(AddonRequirementSchema)),
  settings: Type.Optional(Type.Array(AddonSettingSchema)),
  permissions: Type.Optional(Type.Array(AddonPermissionSchema)),
});
export type Addon = Static<typeof AddonSchema>;

export const AddonListQuerySchema = Type.Object({
  type: Type.Optional(AddonTypeSchema),
  enabled: Type.Optional(Type.Boolean()),
  themeType: Type.Optional(Type.Union([Type.Literal("desktop"), Type.Literal("mobile")])),
});
export type AddonListQuery = Static<typeof AddonListQuerySchema>;

export const AddonPatchBodySchema = Type.Object({
  enabled: Type.Boolean(),
  themeType: Type.Optional(Type.Union([Type.Literal("desktop"), Type.Literal("mobile")])),
  /** Sent by the client; ignored (API.md 21). */
  type: Type.Optional(Type.String()),
});
export type AddonPatchBody = Static<typeof AddonPatchBodySchema>;

export const AddonParamsSchema = Type.Object({ addonID: Type.String({ minLength: 1, maxLength: 100 }) });
