import type { AppContext } from "../app/appContext";
import type { DbOrTx } from "./database";

/** One object per app, found by the app's database handle (each test app has its own). */
export interface PerDatabase<T> {
  /** The app's object, made on first use. */
  of(context: AppContext): T;
  /** The object of the app whose database handle this is, if made; none for a transaction's handle. */
  forDb(db: DbOrTx): T | undefined;
}

export function perDatabase<T>(create: (context: AppContext) => T): PerDatabase<T> {
  const made = new WeakMap<object, T>();
  return {
    of(context) {
      let value = made.get(context.db);
      if (value === undefined) {
        value = create(context);
        made.set(context.db, value);
      }
      return value;
    },
    forDb: (db) => made.get(db),
  };
}
