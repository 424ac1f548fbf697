/**
 * A function that makes a row object from a row's values as one object literal compiled for its column names:
 * every row of a statement then has the same fields, in the object itself, made in one step. Filling an empty
 * object field by field from the names costs more (the store that sets a field by a computed name sees every
 * statement's names and goes the generic way), and so does spreading a template object first.
 *
 * Fields come in the order of the names; of two columns of one name, the later one's value wins (where the first
 * one stood), as a driver that sets the fields one after the other leaves them. `value(index)` is the expression
 * for column `index`'s value, over the function's parameters `values` and `extra`.
 */
export function compiledRowLiteral<Extra, R>(
  names: readonly string[],
  value: (index: number) => string,
): (values: readonly unknown[], extra: Extra) => R {
  // A field named `__proto__` is written as a computed key: in a literal the plain key would set the prototype.
  const fields = names
    .map((name, index) => {
      const key = name === "__proto__" ? `[${JSON.stringify(name)}]` : JSON.stringify(name);
      return `${key}: ${value(index)}`;
    })
    .join(", ");
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the body names only the columns, quoted.
  return new Function("values", "extra", `return { ${fields} };`) as (
    values: readonly unknown[],
    extra: Extra,
  ) => R;
}
