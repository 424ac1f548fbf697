import { AjvCompiler, type BuildCompilerFromPool } from "@fastify/ajv-compiler";
import type { SchemaCompilations } from "./schemaCompilations";

/** What Fastify passes the compiler for each route part. */
interface RouteSchema {
  schema: unknown;
  httpPart?: string;
}

type RouteCompiler = (routeSchema: RouteSchema) => AjvValidate;

/** A compiled Ajv validator: the boolean result, and the issues of the last failure. */
interface AjvValidate {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}

const SHARED_OPTIONS = { removeAdditional: true, useDefaults: true, allErrors: true };

/** Every id column is a 32-bit integer (PostgreSQL `integer`): a larger whole number can only be an error. */
export const MAX_STORED_INTEGER = 2_147_483_647;

/**
 * A number no column can hold: infinite or unsafe after Ajv coerced `1e309` or a 20-digit string, or a whole
 * number past the 32-bit range of ids (which PostgreSQL would refuse mid-query).
 */
function isUnstorable(value: number): boolean {
  if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return true;
  return Number.isInteger(value) && Math.abs(value) > MAX_STORED_INTEGER;
}

function firstUnsafeNumber(value: unknown, path: string): string | null {
  if (typeof value === "number") return isUnstorable(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstUnsafeNumber(item, `${path}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const found = firstUnsafeNumber(item, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * Request validation with two coercion rules: the query string, path and headers coerce a single value to a
 * one-item array (`?ids=3`), JSON bodies do not (so `{"description":["d"]}` is a 422, not an array written to a
 * text column). Either way, a number that coercion made infinite or unsafe (`?page=1e309`) is refused with 422.
 */
export function buildRequestValidator(compilations: SchemaCompilations): BuildCompilerFromPool {
  const pool = AjvCompiler();
  const factory = (externalSchemas: Parameters<BuildCompilerFromPool>[0]): RouteCompiler => {
    const forQuery = pool(externalSchemas, {
      customOptions: { ...SHARED_OPTIONS, coerceTypes: "array" },
    }) as unknown as RouteCompiler;
    const forBody = pool(externalSchemas, {
      customOptions: { ...SHARED_OPTIONS, coerceTypes: true },
    }) as unknown as RouteCompiler;
    return (routeSchema) => {
      const validate = compilations.onFirstUse(() =>
        (routeSchema.httpPart === "body" ? forBody : forQuery)(routeSchema),
      );
      const checked: AjvValidate = (data: unknown) => {
        if (!validate()(data)) {
          checked.errors = validate().errors;
          return false;
        }
        const unsafe = firstUnsafeNumber(data, "");
        if (unsafe === null) return true;
        checked.errors = [
          {
            instancePath: `/${unsafe.replace(/\./g, "/").replace(/\[(\d+)\]/g, "/$1")}`,
            keyword: "maximum",
            message: "is out of range",
            params: {},
          },
        ];
        return false;
      };
      return checked;
    };
  };
  return factory as unknown as BuildCompilerFromPool;
}
