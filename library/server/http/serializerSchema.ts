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
const SUBSCHEMA_LISTS = ["allOf", "prefixItems"] as const;
const SUBSCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions"] as const;
const SUBSCHEMAS = ["items", "additionalProperties", "not"] as const;

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

/** A union written as one type (`nullable`) or a list of primitive types, or null when it must stay a union. */
function simplifyUnion(schema: Schema, key: "anyOf" | "oneOf"): Schema | null {
  const options = (schema[key] as unknown[]).map((option) => (isSchema(option) ? simplify(option) : option));
  const { [key]: _union, ...siblings } = schema;
  if ("type" in siblings) return null;
  const nonNull = options.filter((option) => !(isSchema(option) && isNullOnly(option)));
  const nullable = nonNull.length < options.length;
  const onlyOption = nonNull[0];
  if (nonNull.length === 1 && isSchema(onlyOption) && hasSingleType(onlyOption)) {
    return nullable
      ? { ...simplify(siblings), ...onlyOption, nullable: true }
      : { ...simplify(siblings), ...onlyOption };
  }
  const types = nonNull.map((option) => (isSchema(option) ? primitiveType(option) : null));
  if (nonNull.length > 1 && types.every((type): type is string => type !== null)) {
    const distinct = [...new Set(types)];
    if (nullable) distinct.push("null");
    return { ...simplify(siblings), type: distinct.length === 1 ? distinct[0] : distinct };
  }
  return null;
}

/**
 * The schema with its "or null" and primitive unions written as single or multiple types, at every depth. What
 * the serializer still checks with Ajv (the options of a union of objects, if/then/else) is left exactly as it
 * was: Ajv knows nothing of `nullable`, and a literal loosened to its type could make the wrong option match.
 */
export function simplify(schema: Schema): Schema {
  const unionKey = Array.isArray(schema.anyOf) ? "anyOf" : Array.isArray(schema.oneOf) ? "oneOf" : null;
  if (unionKey) return simplifyUnion(schema, unionKey) ?? schema;
  if ("if" in schema) return schema;
  // String keys only: TypeBox's symbol keys (its Kind) would describe the union this may no longer be.
  const result: Schema = Object.fromEntries(Object.entries(schema));
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
  return result;
}

/** The response schema the serializer compiles (see the file's comment); anything but an object is kept. */
export function serializerSchema(schema: unknown): unknown {
  return isSchema(schema) ? simplify(schema) : schema;
}
