import { Type, type Static, type TSchema } from "@sinclair/typebox";

/** RFC 3339 date-time with offset, e.g. `2025-03-14T09:26:53+00:00`. */
export const DateTime = Type.String({ format: "date-time" });
/**
 * A value or null. Null comes first: the server's validator coerces types, and with the value first it would
 * turn a `null` input into `0` or `""` before trying the null branch.
 */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);
export const ID = Type.Integer({ minimum: 1 });

export const ValidationErrorItemSchema = Type.Object({
  field: Type.String(),
  code: Type.Optional(Type.String()),
  message: Type.String(),
  status: Type.Optional(Type.Integer()),
});
export type ValidationErrorItem = Static<typeof ValidationErrorItemSchema>;

/** The error body of API.md 1.9, returned with every status >= 400. */
export const ApiErrorBodySchema = Type.Object({
  message: Type.String(),
  status: Type.Integer(),
  description: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Array(ValidationErrorItemSchema)),
  permissions: Type.Optional(Type.Array(Type.String())),
  recordIDs: Type.Optional(Type.Array(Type.Integer())),
  actionButton: Type.Optional(
    Type.Object({ label: Type.String(), url: Type.String(), target: Type.Optional(Type.String()) }),
  ),
  trace: Type.Optional(Type.String()),
  operation: Type.Optional(Type.String()),
  logID: Type.Optional(Type.Integer()),
});
export type ApiErrorBody = Static<typeof ApiErrorBodySchema>;

/** Paging read from the `x-app-page-*` response headers (API.md 1.7). */
export interface Paging {
  currentPage: number;
  limit: number;
  total?: number;
  nextURL?: string;
  prevURL?: string;
}

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
};

export const EmptyObjectSchema = Type.Object({});
