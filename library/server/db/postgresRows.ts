import { compiledRowLiteral } from "./rowLiterals";

/** A column as PostgreSQL describes it in a result (node-postgres' `FieldDef`, the fields read here). */
interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: string;
}

type TypeParser = (value: string) => unknown;

interface TypeParsers {
  getTypeParser(dataTypeID: number, format?: string): TypeParser;
}

/** The fields of node-postgres' `Result` (pg/lib/result.js) that its row methods read and write. */
interface DriverResult {
  fields: FieldDescription[];
  _parsers: TypeParser[] | undefined;
  _types: TypeParsers | undefined;
  /** Set here: the row maker of the result's columns, or null when the driver's own methods make its rows. */
  _makeRow?: RowMaker | null;
  addFields: (this: DriverResult, fields: FieldDescription[]) => void;
  parseRow: (this: DriverResult, values: (string | null)[]) => unknown;
}

type RowMaker = (
  values: readonly (string | null)[],
  parsers: readonly TypeParser[],
) => Record<string, unknown>;

/** Column sets whose row maker is kept; past this the oldest is made again when next needed. */
const MAX_KEPT_SHAPES = 2000;

const makers = new Map<string, RowMaker>();

/** Marks a driver's `Result` whose rows are compiled already. */
const COMPILED = Symbol("compiled rows");

/** The row maker of these column names: each value through its type's parser, a null as null. */
function rowMakerFor(names: readonly string[]): RowMaker {
  const key = names.join("\u0000");
  let maker = makers.get(key);
  if (!maker) {
    maker = compiledRowLiteral<readonly TypeParser[], Record<string, unknown>>(
      names,
      (index) => `values[${index}] === null ? null : extra[${index}](values[${index}])`,
    );
    if (makers.size >= MAX_KEPT_SHAPES) makers.delete(makers.keys().next().value as string);
    makers.set(key, maker);
  }
  return maker;
}

/**
 * Makes node-postgres build its rows as compiled object literals, one per column set (rowLiterals.ts), instead of
 * its own way: for every result, an empty template built with a field per column in a prototype-less object and
 * then copied (`addFields`), and for every row a copy of that template filled by computed names (`parseRow`). In a
 * member's discussion page on PostgreSQL these two were 3.7 % and most of the driver's 6.6 % of the server's CPU.
 *
 * The rows are the same: a field per column in order, a later column of one name winning, each value through the
 * parser of its type (the result's own parsers when the query set some). A result with a column in binary format,
 * or a driver whose `Result` no longer has these methods, keeps the driver's own way. `defaultParsers` is the
 * driver's `types` (pg-types, where `setTypeParser` registers), used when a query sets none.
 */
export function compileDriverRows(Result: { prototype: object }, defaultParsers: TypeParsers): boolean {
  const prototype = Result.prototype as DriverResult & { [COMPILED]?: true };
  if (prototype[COMPILED]) return true;
  const ownAddFields = prototype.addFields;
  const ownParseRow = prototype.parseRow;
  if (typeof ownAddFields !== "function" || typeof ownParseRow !== "function") return false;
  prototype.addFields = function addFields(this: DriverResult, fields: FieldDescription[]): void {
    if (fields.some((field) => field.format === "binary")) {
      this._makeRow = null;
      ownAddFields.call(this, fields);
      return;
    }
    this.fields = fields;
    const parsers = new Array<TypeParser>(fields.length);
    const names = new Array<string>(fields.length);
    const types = this._types;
    for (let index = 0; index < fields.length; index += 1) {
      const field = fields[index] as FieldDescription;
      names[index] = field.name;
      parsers[index] = (types ?? defaultParsers).getTypeParser(field.dataTypeID, field.format || "text");
    }
    this._parsers = parsers;
    this._makeRow = rowMakerFor(names);
  };
  prototype[COMPILED] = true;
  prototype.parseRow = function parseRow(this: DriverResult, values: (string | null)[]): unknown {
    const makeRow = this._makeRow;
    if (!makeRow) return ownParseRow.call(this, values);
    return makeRow(values, this._parsers as TypeParser[]);
  };
  return true;
}
