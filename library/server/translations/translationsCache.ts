import type { AppContext } from "../app/appContext";
import { recordNames } from "../cache/recordNames";
import type { Db } from "../db/database";
import { readWithoutQueue } from "../db/readWithoutQueue";
import "./translationTables";

/** `translationPropertyKey` → translation, for one resource and locale. */
export type TranslationMap = ReadonlyMap<string, string>;

interface Entry {
  generation: number;
  /** The cache layers it is defined on (one per app on this database). */
  defined: WeakSet<object>;
  maps: Map<string, Promise<TranslationMap>>;
}

const entries = new WeakMap<Db, Entry>();

function entryFor(db: Db): Entry {
  let entry = entries.get(db);
  if (!entry) {
    entry = { generation: 0, defined: new WeakSet(), maps: new Map() };
    entries.set(db, entry);
  }
  return entry;
}

/**
 * Every translation of a resource in a locale, read once and kept until a translation is written (the cache layer
 * retires it on `translations`, in every process): category lists read them on every answer.
 */
export function cachedTranslations(
  context: AppContext,
  resource: string,
  locale: string,
): Promise<TranslationMap> {
  const { db } = context;
  const entry = entryFor(db);
  if (!entry.defined.has(context.caches)) {
    entry.defined.add(context.caches);
    context.caches.define({
      name: "content translations",
      // A layout edit moves its texts' translations with their widgets (layoutTranslations.ts).
      dependsOn: ["translations", recordNames.layouts],
      retire: () => retireTranslations(db),
    });
  }
  const key = `${resource}\n${locale}`;
  const cached = entry.maps.get(key);
  if (cached) return cached;
  // Category trees read them inside transactions too: the first read reads without the connection's queue.
  const loading = readWithoutQueue(
    db,
    db
      .selectFrom("translations")
      .select(["translationPropertyKey", "translation"])
      .where("resource", "=", resource)
      .where("locale", "=", locale),
  ).then((rows) => new Map(rows.map((row) => [row.translationPropertyKey, row.translation])));
  entry.maps.set(key, loading);
  // A failed read is not kept (a write clears the map, so a read from before it is not kept either).
  loading.catch(() => {
    if (entry.maps.get(key) === loading) entry.maps.delete(key);
  });
  return loading;
}

/** The generation of the cached translations of a database: changes whenever they are retired. */
export function translationsGeneration(db: Db): number {
  return entryFor(db).generation;
}

/** Drops every cached translation of a database (after a translation write, here or in another process). */
export function retireTranslations(db: Db): void {
  const entry = entryFor(db);
  entry.generation += 1;
  entry.maps.clear();
}
