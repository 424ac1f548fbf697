import { useEffect, useState } from "react";
import type { ReactionSummaryItem, ReactionType } from "@forum/api/reactions";
import { apiv2 } from "@library/src/api/apiClient";

/**
 * The site's active reaction types, as picker items: fetched once per page when a picker first needs a type its
 * post has no reaction of (the server sends each post only the reactions it has, not the whole catalogue).
 */
let catalogue: Promise<ReactionSummaryItem[]> | null = null;

function loadCatalogue(): Promise<ReactionSummaryItem[]> {
  catalogue ??= apiv2
    .get<ReactionType[]>("reactions")
    .then((response) =>
      response.data
        .filter((type) => type.active)
        .map((type) => ({
          tagID: type.tagID,
          urlcode: type.urlcode,
          name: type.name,
          class: type.class ?? "",
          count: 0,
          reactionValue: type.reactionValue,
          hasReacted: false,
        })),
    )
    .catch((error: unknown) => {
      catalogue = null;
      throw error;
    });
  return catalogue;
}

/** Forgets the fetched catalogue (tests). */
export function resetReactionCatalogue(): void {
  catalogue = null;
}

/** The catalogue once `wanted` (null until then and while it loads; an empty list if it cannot be read). */
export function useReactionCatalogue(wanted: boolean): ReactionSummaryItem[] | null {
  const [items, setItems] = useState<ReactionSummaryItem[] | null>(null);
  useEffect(() => {
    if (!wanted || items) return;
    let live = true;
    loadCatalogue().then(
      (loaded) => live && setItems(loaded),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, [wanted, items]);
  return items;
}
