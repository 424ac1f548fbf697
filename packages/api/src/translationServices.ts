import { Type, type Static } from "@sinclair/typebox";

/** API.md 22: a machine translation service as `GET /translation-services` lists it. */
export const TranslationServiceSchema = Type.Object({
  type: Type.String(),
  name: Type.String(),
  isConfigured: Type.Boolean(),
  isDefault: Type.Boolean(),
  /** JSON Schema of the body `PUT /translation-services/{type}` takes; secret fields say `writeOnly`. */
  configSchema: Type.Record(Type.String(), Type.Unknown()),
});
export type TranslationService = Static<typeof TranslationServiceSchema>;

export const TranslationServiceTypeParamsSchema = Type.Object({
  type: Type.String({ minLength: 1, maxLength: 50 }),
});

/** The PUT body: validated against the service's own `configSchema` by the server. */
export const TranslationServiceConfigBodySchema = Type.Record(Type.String(), Type.Unknown());
export type TranslationServiceConfigBody = Static<typeof TranslationServiceConfigBodySchema>;

/** A translation service as `GET /translation-services` lists it, with its stored values other than secrets. */
export const TranslationServiceWithConfigSchema = Type.Composite([
  TranslationServiceSchema,
  Type.Object({ config: Type.Record(Type.String(), Type.Unknown()) }),
]);
export type TranslationServiceWithConfig = Static<typeof TranslationServiceWithConfigSchema>;

/** Most texts one machine translation request carries. */
export const MACHINE_TRANSLATION_MAX_TEXTS = 50;

/** `POST /translation-services/{type}/translate` (**DECISION**: how the translator asks a service). */
export const MachineTranslationBodySchema = Type.Object({
  texts: Type.Array(Type.String({ maxLength: 5000 }), {
    minItems: 1,
    maxItems: MACHINE_TRANSLATION_MAX_TEXTS,
  }),
  locale: Type.String({ minLength: 1, maxLength: 20 }),
});
export type MachineTranslationBody = Static<typeof MachineTranslationBodySchema>;

/** One answer per text, in order: its translation, or null where the service has none. */
export const MachineTranslationResultSchema = Type.Object({
  translations: Type.Array(Type.Union([Type.Null(), Type.String()])),
});
export type MachineTranslationResult = Static<typeof MachineTranslationResultSchema>;
