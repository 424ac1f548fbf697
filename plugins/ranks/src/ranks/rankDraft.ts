import type { Rank, RankPatch, RankPost } from "../../api/ranksApi";

/** The rank form's fields as typed (numbers stay text until saved, empty meaning "not required"). */
export interface RankDraft {
  name: string;
  label: string;
  userTitle: string;
  level: string;
  manual: boolean;
  posts: string;
  points: string;
  daysSinceJoin: string;
  roleID: string;
  links: boolean;
}

export function draftOf(rank: Rank | null, nextLevel: number): RankDraft {
  const number = (value: number | undefined) => (value === undefined ? "" : String(value));
  return {
    name: rank?.name ?? "",
    label: rank?.label ?? "",
    userTitle: rank?.userTitle ?? "",
    level: String(rank?.level ?? nextLevel),
    manual: rank?.manual ?? false,
    posts: number(rank?.criteria.posts),
    points: number(rank?.criteria.points),
    daysSinceJoin: number(rank?.criteria.daysSinceJoin),
    roleID: number(rank?.criteria.roleID),
    links: rank?.abilities.links ?? false,
  };
}

/** A whole number typed in a field, or undefined when it is empty (NaN when it is not a number: the API says so). */
function wholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === "" ? undefined : Number(trimmed);
}

/** The body of `POST /ranks`. A manual rank has no criteria. */
export function bodyOf(draft: RankDraft): RankPost {
  const criteria = draft.manual
    ? {}
    : {
        ...optional("posts", wholeNumber(draft.posts)),
        ...optional("points", wholeNumber(draft.points)),
        ...optional("daysSinceJoin", wholeNumber(draft.daysSinceJoin)),
        ...optional("roleID", wholeNumber(draft.roleID)),
      };
  return {
    name: draft.name.trim(),
    label: draft.label.trim(),
    userTitle: draft.userTitle.trim(),
    level: wholeNumber(draft.level) ?? Number.NaN,
    manual: draft.manual,
    criteria,
    abilities: { links: draft.links },
  };
}

/** The body of `PATCH /ranks/{id}`: an unchanged label is left out, so a label written as HTML keeps its HTML. */
export function patchOf(draft: RankDraft, rank: Rank): RankPatch {
  const { label, ...rest } = bodyOf(draft);
  return label === rank.label ? rest : { ...rest, label };
}

function optional<K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, number>);
}
