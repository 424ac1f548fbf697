import { Type, type Static } from "@sinclair/typebox";

/** `GET /config?select=a,b,branding.*` (API.md 20): key patterns, `*` is a wildcard. */
export const ConfigQuerySchema = Type.Object({
  select: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 200 })),
});
export type ConfigQuery = Static<typeof ConfigQuerySchema>;

/** A flat object of setting keys to values, for both `GET /config` and `PATCH /config`. */
export const ConfigValuesSchema = Type.Record(Type.String(), Type.Unknown());
export type ConfigValues = Static<typeof ConfigValuesSchema>;
