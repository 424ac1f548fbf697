import type { ReactionType, ReactionTypeFragment } from "@forum/api/reactions";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { recordNames } from "@library/server/cache/recordNames";
import { perDatabase } from "@library/server/db/perDatabase";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { Selectable } from "kysely";
import type { ReactionTypeTable } from "./reactionTables";
import { reactionIconUrl } from "./reactionIconRoutes";

export type ReactionTypeRow = Selectable<ReactionTypeTable>;

function readReactionTypes(db: DbOrTx, activeOnly: boolean): Promise<ReactionTypeRow[]> {
  let query = db.selectFrom("reactionTypes").selectAll();
  if (activeOnly) query = query.where("active", "=", 1);
  return query.orderBy("sort").orderBy("tagID").execute();
}

/**
 * The types as every page with posts reads them (reaction bars, summaries, profiles): kept in memory, retired
 * through the cache layer by a write naming `reactionTypes` (or naming nothing), here or in another process.
 */
class ReactionTypesCache {
  private readonly kept = new Map<boolean, Promise<ReactionTypeRow[]>>();

  constructor(private readonly db: DbOrTx) {}

  get(activeOnly: boolean): Promise<ReactionTypeRow[]> {
    const cached = this.kept.get(activeOnly);
    if (cached) return cached;
    const loading = readReactionTypes(this.db, activeOnly);
    this.kept.set(activeOnly, loading);
    loading.catch(() => {
      if (this.kept.get(activeOnly) === loading) this.kept.delete(activeOnly);
    });
    return loading;
  }

  retire(): void {
    this.kept.clear();
  }
}

const reactionTypesCaches = perDatabase((context: AppContext) => {
  const cache = new ReactionTypesCache(context.db);
  context.caches.define({
    name: "reaction types",
    dependsOn: [recordNames.reactionTypes],
    retire: () => cache.retire(),
  });
  return cache;
});

/** Keeps the reaction types of an app in memory from now on (called once when the forum's routes register). */
export function keepReactionTypes(context: AppContext): void {
  reactionTypesCaches.of(context);
}

/**
 * Every reaction type in display order (a dozen rows): from memory on the app's own handle, read again inside a
 * transaction (whose writes decide on them). Callers must not change the rows they get.
 */
export async function listReactionTypes(db: DbOrTx, activeOnly = false): Promise<ReactionTypeRow[]> {
  const cache = reactionTypesCaches.forDb(db);
  return cache ? cache.get(activeOnly) : readReactionTypes(db, activeOnly);
}

/** An active type by urlcode (case-insensitive): 404 "Reaction type X not found." otherwise. */
export async function getActiveReactionType(db: DbOrTx, urlcode: string): Promise<ReactionTypeRow> {
  const types = await listReactionTypes(db, true);
  const found = types.find((type) => type.urlcode.toLowerCase() === urlcode.toLowerCase());
  if (!found) throw new NotFoundError(`Reaction type ${urlcode}`);
  return found;
}

/** The permission that allows reacting with a type of this class (API.md 1.10, 9). */
export function classPermission(reactionClass: string | null): string {
  const name = (reactionClass ?? "").toLowerCase();
  return name === "flag" ? "flag.add" : `reactions.${name}.add`;
}

export function isFlagType(type: Pick<ReactionTypeRow, "class">): boolean {
  return type.class === "Flag";
}

/** Promote is for curators only (API.md 9 DECISION). */
export const PROMOTE_URLCODE = "Promote";

export function presentReactionTypeFragment(type: ReactionTypeRow): ReactionTypeFragment {
  return { tagID: type.tagID, urlcode: type.urlcode, name: type.name, class: type.class ?? "" };
}

/** ReactionType of `GET /reactions`. */
export function presentReactionType(type: ReactionTypeRow): ReactionType {
  return {
    tagID: type.tagID,
    urlCode: type.urlcode,
    urlcode: type.urlcode,
    name: type.name,
    description: type.description,
    class: type.class,
    points: type.points,
    reactionValue: type.reactionValue,
    photoUrl: type.photoUrl ?? reactionIconUrl(type.urlcode),
    sort: type.sort,
    active: type.active === 1,
    custom: type.custom === 1,
    hidden: type.hidden === 1,
    attributes: {},
  };
}
