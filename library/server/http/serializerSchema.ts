/**
 * Response schemas rewritten for the serializer. fast-json-stringify writes a union (`anyOf`/`oneOf`) by running
 * an Ajv validation of each option against the value, on every value it serializes, after compiling those
 * validators (about half a second of CPU for a big response schema). Most of our unions only say "or null"
 * (`Type.Union([X, Type.Null()])`) or list literals of one or two primitive types; the serializer writes those
 * the same way from a single-type schema with `nullable: true`, or from a list of types, with a `typeof` check
 * instead of a validation. Unions of objects stay unions. The route's schema itself is not changed: requests
 * are still validated and the API still documented from the original.
 */

type Schema = Record<string, unknown>;

const PRIMITIVE_TYPES = new Set(["string", "number", "integer", "boolean"]);
const SUBSCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;
const SUBSCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions"] as const;
const SUBSCHEMAS = ["items", "additionalProperties", "not", "if", "then", "else"] as const;

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isNullOnly(option: Schema): boolean {
  return (
    option.type === "null" && Object.keys(option).every((key) => key === "type" || key === "description")
  );
}

/** A single-type schema the serializer can write with a `nullable` flag instead of a union. */
function hasSingleType(option: Schema): boolean {
  return (
    typeof option.type === "string" && !("anyOf" in option) && !("oneOf" in option) && !("$ref" in option)
  );
}

/** A primitive option (`Type.String()`, `Type.Literal("x")`) of a union written by its type alone. */
function primitiveType(option: Schema): string | null {
  if (!hasSingleType(option) || !PRIMITIVE_TYPES.has(option.type as string)) return null;
  return option.type as string;
}

function simplifyUnion(schema: Schema, key: "anyOf" | "oneOf"): Schema {
  const options = schema[key] as unknown[];
  const { [key]: _union, ...siblings } = schema;
  const nonNull = options.filter((option) => !(isSchema(option) && isNullOnly(option)));
  const nullable = nonNull.length < options.length;
  const onlyOption = nonNull[0];
  if (nonNull.length === 1 && isSchema(onlyOption) && hasSingleType(onlyOption) && !("type" in siblings)) {
    return nullable ? { ...siblings, ...onlyOption, nullable: true } : { ...siblings, ...onlyOption };
  }
  const types = nonNull.map((option) => (isSchema(option) ? primitiveType(option) : null));
  if (nonNull.length > 1 && types.every((type): type is string => type !== null) && !("type" in siblings)) {
    const distinct = [...new Set(types)];
    if (nullable) distinct.push("null");
    return { ...siblings, type: distinct.length === 1 ? distinct[0] : distinct };
  }
  return schema;
}

/** The schema with its "or null" and primitive unions written as single or multiple types, at every depth (the
 * subschemas first, so a union sees its options simplified). */
export function simplify(schema: Schema): Schema {
  // String keys only: TypeBox's symbol keys (its Kind) would describe the union this may no longer be.
  let result: Schema = Object.fromEntries(Object.entries(schema));
  for (const key of SUBSCHEMA_LISTS) {
    const list = result[key];
    if (Array.isArray(list)) {
      result[key] = (list as unknown[]).map((item) => (isSchema(item) ? simplify(item) : item));
    }
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = result[key];
    if (isSchema(map)) {
      result[key] = Object.fromEntries(
        Object.entries(map).map(([name, item]) => [name, isSchema(item) ? simplify(item) : item]),
      );
    }
  }
  for (const key of SUBSCHEMAS) {
    const item = result[key];
    if (isSchema(item)) result[key] = simplify(item);
  }
  if (Array.isArray(result.anyOf)) result = simplifyUnion(result, "anyOf");
  else if (Array.isArray(result.oneOf)) result = simplifyUnion(result, "oneOf");
  return result;
}

/** The response schema the serializer compiles (see the file's comment); anything but an object is kept. */
export function serializerSchema(schema: unknown): unknown {
  return isSchema(schema) ? simplify(schema) : schema;
}
