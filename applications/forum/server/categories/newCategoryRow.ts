import type { ReplyDisplay } from "@forum/api/categories";
import { nowIso } from "@library/server/http/dates";
import type { Insertable } from "kysely";
import type { CategoryTable } from "../tables";

/** What a new category is given; everything else starts at the column's default. */
export interface NewCategoryFields {
  name: string;
  urlcode: string;
  parentCategoryID?: number | null;
  sort: number;
  description?: string | null;
  displayAs?: string;
  /** It has grants of its own (written by the caller with `writeCategoryGrants`). */
  customPermissions?: boolean;
  isArchived?: boolean;
  featured?: boolean;
  iconUrl?: string | null;
  bannerUrl?: string | null;
  allowedDiscussionTypes?: readonly string[];
  preModeration?: boolean;
  replyDisplay?: ReplyDisplay;
  dateInserted?: string;
  insertUserID?: number;
}

/**
 * A new category's row: at the top of the tree until `rebuildCategoryTree` gives it its depth and path, no
 * counts yet. The one place the columns' defaults are named (the create command, the demo seed and imports).
 */
export function newCategoryRow(fields: NewCategoryFields): Insertable<CategoryTable> {
  return {
    parentCategoryID: fields.parentCategoryID ?? null,
    depth: 1,
    sort: fields.sort,
    path: "/",
    name: fields.name,
    urlcode: fields.urlcode,
    description: fields.description ?? null,
    displayAs: fields.displayAs ?? "discussions",
    customPermissions: fields.customPermissions ? 1 : 0,
    permissionCategoryID: -1,
    isArchived: fields.isArchived ? 1 : 0,
    featured: fields.featured ? 1 : 0,
    iconUrl: fields.iconUrl ?? null,
    bannerUrl: fields.bannerUrl ?? null,
    allowedDiscussionTypes: JSON.stringify(fields.allowedDiscussionTypes ?? ["discussion"]),
    preModeration: fields.preModeration ? 1 : 0,
    replyDisplay: fields.replyDisplay ?? "flat",
    dateInserted: fields.dateInserted ?? nowIso(),
    dateUpdated: null,
    insertUserID: fields.insertUserID ?? 0,
    countCategories: 0,
    countDiscussions: 0,
    countComments: 0,
    countAllDiscussions: 0,
    countAllComments: 0,
    countFollowers: 0,
  };
}
