import type { ReactionType, ReactionTypeFragment } from "@forum/api/reactions";
import type { DbOrTx } from "@library/server/db/database";
import { NotFoundError } from "@library/server/errors/httpErrors";
import type { Selectable } from "kysely";
import type { ReactionTypeTable } from "./reactionTables";
import { reactionIconUrl } from "./reactionIconRoutes";

export type ReactionTypeRow = Selectable<ReactionTypeTable>;

/** Every reaction type in display order (a dozen rows). */
export async function listReactionTypes(db: DbOrTx, activeOnly = false): Promise<ReactionTypeRow[]> {
  let query = db.selectFrom("reactionTypes").selectAll();
  if (activeOnly) query = query.where("active", "=", 1);
  return query.orderBy("sort").orderBy("tagID").execute();
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
