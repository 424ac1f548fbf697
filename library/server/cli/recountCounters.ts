import type { AppContext } from "../app/appContext";
import type { CounterChange } from "../db/counterRecount";

/**
 * `npm run forum -- recount`: each running application and add-on that stores counters (`recount` in its
 * definition) rebuilds them from the rows they count, in load order, and reports what it corrected. The library
 * names no table of theirs.
 */
export async function recountCounters(context: AppContext): Promise<CounterChange[]> {
  const changes: CounterChange[] = [];
  for (const entry of context.addons.list()) {
    const definition = entry.definition;
    if (!definition?.recount || !context.addons.isActive(entry.manifest.key)) continue;
    changes.push(...(await definition.recount(context)));
  }
  return changes;
}
