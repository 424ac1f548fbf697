import type {
  ImportBodyFormat,
  ImportedCategory,
  ImportedComment,
  ImportedDiscussion,
  ImportedUser,
} from "../core/importSource";

/** The fields of Vanilla's API v2 records the importer reads (their OpenAPI files: Category, User, …). */
export interface VanillaCategory {
  categoryID: number;
  parentCategoryID?: number | null;
  name?: string;
  description?: string | null;
  urlcode?: string | null;
  sort?: number | null;
  displayAs?: string | null;
}

export interface VanillaUser {
  userID: number;
  name?: string;
  email?: string | null;
  dateInserted?: string;
  dateLastActive?: string | null;
  banned?: number | boolean;
  roles?: { roleID?: number; name?: string }[];
}

export interface VanillaDiscussion {
  discussionID: number;
  categoryID: number;
  insertUserID?: number | null;
  name?: string;
  body?: string;
  bodyRaw?: unknown;
  format?: string;
  dateInserted?: string;
  dateUpdated?: string | null;
  closed?: boolean;
  pinned?: boolean;
  pinLocation?: string | null;
  countViews?: number;
  countComments?: number;
  tags?: { name?: string }[];
}

export interface VanillaComment {
  commentID: number;
  discussionID?: number;
  parentRecordID?: number;
  insertUserID?: number | null;
  body?: string;
  bodyRaw?: unknown;
  format?: string;
  dateInserted?: string;
  dateUpdated?: string | null;
}

export interface VanillaReactionLogEntry {
  userID: number;
  dateInserted?: string | null;
  reactionType?: { urlcode?: string; urlCode?: string };
}

/** Raw formats the run stores as they are; any other (Rich, BBCode…) is taken as the site rendered it (HTML). */
const RAW_FORMATS: Record<string, ImportBodyFormat> = {
  rich2: "rich2",
  markdown: "markdown",
  text: "text",
  textex: "text",
  wysiwyg: "wysiwyg",
  html: "html",
};

/** A post's body: its raw input in a format kept as is, else the HTML the source rendered (sanitised here). */
export function bodyOf(record: { body?: string; bodyRaw?: unknown; format?: string }): {
  body: string;
  format: ImportBodyFormat;
} {
  const format = RAW_FORMATS[(record.format ?? "").toLowerCase()];
  if (format && record.bodyRaw !== undefined && record.bodyRaw !== null)
    return {
      body: typeof record.bodyRaw === "string" ? record.bodyRaw : JSON.stringify(record.bodyRaw),
      format,
    };
  return { body: record.body ?? "", format: "html" };
}

function idOrNull(value: number | null | undefined): string | null {
  return value === null || value === undefined || value <= 0 ? null : String(value);
}

export function importedCategory(category: VanillaCategory, index: number): ImportedCategory {
  return {
    foreignID: String(category.categoryID),
    parentForeignID: idOrNull(category.parentCategoryID),
    name: category.name ?? `Category ${category.categoryID}`,
    description: category.description ?? null,
    urlcode: category.urlcode ?? null,
    sort: category.sort ?? index,
    displayAs: category.displayAs?.toLowerCase() ?? null,
  };
}

/** Categories with every parent before its children, keeping the source's order otherwise. */
export function parentsFirst(categories: readonly VanillaCategory[]): VanillaCategory[] {
  const ids = new Set(categories.map((category) => category.categoryID));
  const ordered: VanillaCategory[] = [];
  const placed = new Set<number>();
  const place = (parentID: number | null) => {
    for (const category of categories) {
      if (placed.has(category.categoryID)) continue;
      const parent = category.parentCategoryID ?? null;
      const isChild = parentID === null ? parent === null || !ids.has(parent) : parent === parentID;
      if (!isChild) continue;
      placed.add(category.categoryID);
      ordered.push(category);
      place(category.categoryID);
    }
  };
  place(null);
  // A cycle at the source: what is left comes last (the run skips what has no imported parent).
  for (const category of categories) if (!placed.has(category.categoryID)) ordered.push(category);
  return ordered;
}

export function importedUser(user: VanillaUser): ImportedUser {
  return {
    foreignID: String(user.userID),
    name: user.name ?? `member ${user.userID}`,
    email: user.email ?? null,
    dateInserted: user.dateInserted ?? "",
    dateLastActive: user.dateLastActive ?? null,
    about: null,
    banned: user.banned === true || user.banned === 1,
    roleNames: (user.roles ?? []).flatMap((role) => (role.name ? [role.name] : [])),
  };
}

export function importedDiscussion(discussion: VanillaDiscussion): ImportedDiscussion {
  const pinLocation = discussion.pinLocation === "category" ? "category" : "recent";
  return {
    foreignID: String(discussion.discussionID),
    categoryForeignID: String(discussion.categoryID),
    insertUserForeignID: idOrNull(discussion.insertUserID),
    name: discussion.name ?? "",
    ...bodyOf(discussion),
    dateInserted: discussion.dateInserted ?? "",
    dateUpdated: discussion.dateUpdated ?? null,
    closed: discussion.closed === true,
    pinned: discussion.pinned === true,
    pinLocation: discussion.pinned === true ? pinLocation : null,
    countViews: discussion.countViews ?? 0,
    tags: (discussion.tags ?? []).flatMap((tag) => (tag.name ? [tag.name] : [])),
  };
}

export function importedComment(comment: VanillaComment, discussionID: number): ImportedComment {
  return {
    foreignID: String(comment.commentID),
    discussionForeignID: String(comment.discussionID ?? comment.parentRecordID ?? discussionID),
    insertUserForeignID: idOrNull(comment.insertUserID),
    ...bodyOf(comment),
    dateInserted: comment.dateInserted ?? "",
    dateUpdated: comment.dateUpdated ?? null,
  };
}
