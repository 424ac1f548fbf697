import type { PostField } from "@forum/api/postTypes";
import type { AppContext } from "@library/server/app/appContext";
import { ValidationError } from "@library/server/errors/httpErrors";
import { parseDiscussionTypes } from "../categories/categoriesPresenter";
import type { CategoryRow } from "../categories/categoryTree";
import { postTypeCatalog, postTypesAllowedIn, type CatalogPostType } from "./postTypeCatalog";

type Issue = { field: string; message: string; code?: string };

function fieldIssues(field: PostField, value: unknown): Issue[] {
  const at = `postMeta.${field.fieldID}`;
  if (value === undefined || value === null || value === "") {
    return field.required ? [{ field: at, message: `${field.label} is required.`, code: "required" }] : [];
  }
  switch (field.type) {
    case "boolean":
      return typeof value === "boolean"
        ? []
        : [{ field: at, message: `${field.label} must be true or false.` }];
    case "number":
      return typeof value === "number" && Number.isFinite(value)
        ? []
        : [{ field: at, message: `${field.label} must be a number.` }];
    case "choice":
      return typeof value === "string" && (field.options ?? []).includes(value)
        ? []
        : [{ field: at, message: `${field.label} must be one of: ${(field.options ?? []).join(", ")}.` }];
    default:
      if (typeof value !== "string") return [{ field: at, message: `${field.label} must be text.` }];
      return field.maxLength !== undefined && value.length > field.maxLength
        ? [{ field: at, message: `${field.label} must be at most ${field.maxLength} characters.` }]
        : [];
  }
}

/**
 * The stored `postMeta` of a post of `postType`: its declared fields only, each checked, then the type's own
 * rules; 422 with every problem on `postMeta.{fieldID}`.
 */
export function checkedPostMeta(postType: CatalogPostType, postMeta: Record<string, unknown> | undefined) {
  const meta = postMeta ?? {};
  const known = new Set(postType.fields.map((field) => field.fieldID));
  const unknown = Object.keys(meta)
    .filter((key) => !known.has(key))
    .map((key) => ({ field: `postMeta.${key}`, message: `${key} is not a field of ${postType.label}.` }));
  const issues = [...unknown, ...postType.fields.flatMap((field) => fieldIssues(field, meta[field.fieldID]))];
  if (issues.length === 0 && postType.validate) issues.push(...postType.validate(meta));
  if (issues.length > 0) throw new ValidationError(issues.map((issue) => ({ code: "invalid", ...issue })));
  const kept = Object.fromEntries(
    postType.fields.flatMap((field) => (field.fieldID in meta ? [[field.fieldID, meta[field.fieldID]]] : [])),
  );
  return Object.keys(kept).length > 0 ? JSON.stringify(kept) : null;
}

/**
 * The type of a new discussion in `category` (API.md 7.5): `postTypeID` (allowed in the category, else 422 "`x`
 * is not a valid post type"), else `type`, else `discussion`; `postMeta` needs a `postTypeID`.
 */
export function resolvePostType(
  context: AppContext,
  category: CategoryRow,
  body: { type?: string; postTypeID?: string; postMeta?: Record<string, unknown> },
): { type: string; postTypeID: string; postMeta: string | null } | null {
  if (body.postTypeID === undefined) {
    if (body.postMeta !== undefined)
      throw ValidationError.field("postMeta", "postMeta requires postTypeID.", "required");
    return null;
  }
  const allowed = postTypesAllowedIn(
    postTypeCatalog(context),
    parseDiscussionTypes(category.allowedDiscussionTypes),
  );
  const postType = allowed.find((item) => item.postTypeID === body.postTypeID);
  if (!postType || (body.type !== undefined && body.type !== postType.baseType))
    throw ValidationError.field("postTypeID", `${body.postTypeID} is not a valid post type`, "enum");
  return {
    type: postType.baseType,
    postTypeID: postType.postTypeID,
    postMeta: checkedPostMeta(postType, body.postMeta),
  };
}

/** The post type of an existing discussion (its stored id, else its base type), for checking a new postMeta. */
export function postTypeOf(
  context: AppContext,
  row: { type: string; postTypeID: string | null },
): CatalogPostType {
  const id = row.postTypeID ?? row.type;
  return (
    postTypeCatalog(context).find((type) => type.postTypeID === id) ?? {
      postTypeID: id,
      baseType: row.type,
      label: id,
      fields: [],
    }
  );
}

/** `postMeta` as the API shows it (absent when the post has none). */
export function presentPostMeta(stored: string | null | undefined): Record<string, unknown> | undefined {
  if (!stored) return undefined;
  try {
    const parsed: unknown = JSON.parse(stored);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
