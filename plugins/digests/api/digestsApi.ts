import { Type, type Static } from "@sinclair/typebox";

/** The digests add-on's contract, kept with it so the add-on stays removable. */
export const DigestChoiceSchema = Type.Union([
  Type.Literal("default"),
  Type.Literal("daily"),
  Type.Literal("weekly"),
  Type.Literal("never"),
]);
export type DigestChoiceValue = Static<typeof DigestChoiceSchema>;

/** `GET/PATCH /digests/preferences`: the member's choice and the site's default it falls back on. */
export const DigestPreferencesSchema = Type.Object({
  frequency: DigestChoiceSchema,
  siteFrequency: Type.Union([Type.Literal("off"), Type.Literal("daily"), Type.Literal("weekly")]),
});
export type DigestPreferences = Static<typeof DigestPreferencesSchema>;

export const DigestPreferencesPatchSchema = Type.Object({ frequency: DigestChoiceSchema });
export type DigestPreferencesPatch = Static<typeof DigestPreferencesPatchSchema>;

/** `POST /digests/preview`: the queued preview mail and where it went. */
export const DigestPreviewSchema = Type.Object({ mailID: Type.Integer(), to: Type.String() });
export type DigestPreview = Static<typeof DigestPreviewSchema>;
