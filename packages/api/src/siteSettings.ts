import { Type, type Static } from "@sinclair/typebox";
import { AddonSettingSchema } from "./addons";

/**
 * The groups of the dashboard's site settings screens, in navigation order; `backups` (the schedule) is shown
 * on the Backups screen.
 */
export const SITE_SETTINGS_GROUPS = [
  "general",
  "registration",
  "posting",
  "email",
  "security",
  "backups",
] as const;
export const SiteSettingsGroupKeySchema = Type.Union(
  SITE_SETTINGS_GROUPS.map((group) => Type.Literal(group)),
);
export type SiteSettingsGroupKey = Static<typeof SiteSettingsGroupKeySchema>;

/**
 * A declared setting as a form field: the add-on setting shape (type, label, help, default, options) plus the
 * bounds of its schema, so the form can mark required fields and set input limits.
 */
export const SiteSettingFieldSchema = Type.Composite([
  AddonSettingSchema,
  Type.Object({
    required: Type.Boolean(),
    maxLength: Type.Optional(Type.Integer()),
    minimum: Type.Optional(Type.Number()),
    maximum: Type.Optional(Type.Number()),
    /** Write-only: the current value is never read out (a password); empty keeps it. */
    secret: Type.Optional(Type.Boolean()),
    /** An image address that can also be uploaded (`POST /media`) from the form. */
    upload: Type.Optional(Type.Boolean()),
  }),
]);
export type SiteSettingField = Static<typeof SiteSettingFieldSchema>;

/** `GET /dashboard/settings/{group}`: the fields of one group the viewer may change. */
export const SiteSettingsGroupSchema = Type.Object({
  key: SiteSettingsGroupKeySchema,
  label: Type.String(),
  fields: Type.Array(SiteSettingFieldSchema),
});
export type SiteSettingsGroup = Static<typeof SiteSettingsGroupSchema>;

export const TestEmailBodySchema = Type.Object({
  to: Type.Optional(Type.String({ format: "email", maxLength: 200 })),
});
export type TestEmailBody = Static<typeof TestEmailBodySchema>;

/** `POST /dashboard/settings/test-email`: where it went and whether SMTP will send it or it stays in the outbox. */
export const TestEmailResultSchema = Type.Object({
  mailID: Type.Integer(),
  to: Type.String(),
  delivery: Type.Union([Type.Literal("smtp"), Type.Literal("outbox")]),
});
export type TestEmailResult = Static<typeof TestEmailResultSchema>;
