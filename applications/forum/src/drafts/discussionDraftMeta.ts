import type { DiscussionDraftMeta } from "@forum/api/drafts";
import { isEmptyDocument, parseRich2 } from "@library/src/editor/serialize";
import type { DiscussionFormValues, PinChoice } from "@applications/forum/src/posts/DiscussionForm";
import { tagFieldsOf, type TagToken } from "@applications/forum/src/tags/TagInput";

/**
 * The announcement of a draft: `pinLocation` when it names one, else a legacy `announce` value (SPEC 3: 0 none,
 * 1 category, any other value recent), else none.
 */
export function pinChoiceOf(meta: Record<string, unknown>): PinChoice {
  const location = meta.pinLocation;
  if (location === "none" || location === "category" || location === "recent") return location;
  const legacy = meta.announce;
  if (legacy === undefined || legacy === null || legacy === false) return "none";
  if (legacy === 0 || legacy === "0") return "none";
  if (legacy === 1 || legacy === "1" || legacy === true) return "category";
  return "recent";
}

/** SPEC 3 draftMeta of a discussion form: every field of the form, `pinned` true when announced. */
export function draftMetaOf(values: DiscussionFormValues): DiscussionDraftMeta {
  return {
    name: values.name,
    categoryID: values.categoryID,
    postTypeID: values.postTypeID,
    postMeta: values.postMeta,
    ...tagFieldsOf(values.tags),
    pinLocation: values.pinLocation,
    pinned: values.pinLocation !== "none",
  };
}

function numbers(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/**
 * The tags of a draft: its `tagIDs` (named by the editor's own `tagNames` when it kept them) and its
 * `newTagNames`.
 */
function tagTokensOf(meta: Record<string, unknown>, names: unknown): TagToken[] {
  const known = names && typeof names === "object" ? (names as Record<string, unknown>) : {};
  return [
    ...numbers(meta.tagIDs).map((tagID) => {
      const name = known[String(tagID)];
      return { tagID, name: typeof name === "string" ? name : "" };
    }),
    ...strings(meta.newTagNames).map((name) => ({ name })),
  ];
}

/** The names of a form's existing tags by id, kept beside the draftMeta (editor state) to show them again. */
export function tagNamesOf(tags: TagToken[]): Record<string, string> {
  return Object.fromEntries(
    tags.flatMap((token) => (token.tagID !== undefined ? [[String(token.tagID), token.name]] : [])),
  );
}

/** The form's values from a draft's attributes (missing fields keep `fallback`'s). */
export function formValuesOfDraft(
  attributes: Record<string, unknown> | undefined,
  fallback: { categoryID: number | null; postTypeID: string },
): Partial<DiscussionFormValues> & { name: string; categoryID: number | null } {
  const meta = (attributes?.draftMeta ?? {}) as Record<string, unknown>;
  const body = typeof attributes?.body === "string" ? parseRich2(attributes.body) : null;
  const name =
    typeof meta.name === "string" ? meta.name : typeof attributes?.name === "string" ? attributes.name : "";
  return {
    name,
    categoryID: typeof meta.categoryID === "number" ? meta.categoryID : fallback.categoryID,
    postTypeID: typeof meta.postTypeID === "string" ? meta.postTypeID : fallback.postTypeID,
    postMeta:
      meta.postMeta && typeof meta.postMeta === "object" && !Array.isArray(meta.postMeta)
        ? (meta.postMeta as Record<string, unknown>)
        : {},
    tags: tagTokensOf(meta, attributes?.tagNames),
    pinLocation: pinChoiceOf(meta),
    ...(body && !isEmptyDocument(body) ? { body } : {}),
  };
}
