import qs from "qs";

/** API.md 1.5 limits: 1000 parameters, nesting depth 5, array index at most 20 (larger become object keys). */
export const QUERY_LIMITS = { parameters: 1000, depth: 5, arrayIndex: 20 } as const;

export const QUERY_ERROR = Symbol("queryStringError");

export type ParsedQuery = Record<string, unknown> & { [QUERY_ERROR]?: string };

/**
 * Fastify's query-string parser. It must not throw (it runs inside the router), so a query over the limits
 * comes back marked with QUERY_ERROR and the request hook answers 400.
 */
export function parseQueryString(input: string): ParsedQuery {
  const count = input === "" ? 0 : input.split("&").length;
  if (count > QUERY_LIMITS.parameters) {
    return { [QUERY_ERROR]: `The query string has more than ${QUERY_LIMITS.parameters} parameters.` };
  }
  try {
    return qs.parse(input, {
      depth: QUERY_LIMITS.depth,
      strictDepth: true,
      arrayLimit: QUERY_LIMITS.arrayIndex,
      parameterLimit: QUERY_LIMITS.parameters,
      allowPrototypes: false,
    });
  } catch {
    return { [QUERY_ERROR]: `The query string is nested deeper than ${QUERY_LIMITS.depth} levels.` };
  }
}

interface JsonSchemaLike {
  type?: unknown;
  properties?: Record<string, JsonSchemaLike>;
  anyOf?: JsonSchemaLike[];
}

function isArraySchema(schema: JsonSchemaLike | undefined): boolean {
  if (!schema) return false;
  if (schema.type === "array") return true;
  return (schema.anyOf ?? []).some((option) => option.type === "array");
}

/**
 * API.md 1.5: a parameter the schema declares as an array also accepts CSV (`expand=a,b`) and repeated keys.
 * Splits such values in place before validation.
 */
export function splitCsvArrays(query: Record<string, unknown>, schema: unknown): void {
  const properties = (schema as JsonSchemaLike | undefined)?.properties;
  if (!properties) return;
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (!isArraySchema(propertySchema)) continue;
    const value = query[key];
    const items: unknown[] | null =
      typeof value === "string" ? [value] : Array.isArray(value) ? (value as unknown[]) : null;
    if (!items) continue;
    query[key] = items.flatMap((item) =>
      typeof item === "string" ? item.split(",").filter((part) => part !== "") : [item],
    );
  }
}
