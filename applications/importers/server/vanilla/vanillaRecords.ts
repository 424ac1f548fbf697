import type {
  ImportBodyFormat,
  ImportedCategory,
  ImportedCategoryGrant,
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
  /** The category has its own grants (on the roles' `permissions` fragments of type `category`). */
  customPermissions?: boolean;
}

/** A role with `expand=permissions`: its global grants first, then one fragment per resource with its own. */
export interface VanillaRole {
  roleID: number;
  name?: string;
  permissions?: { type?: string; id?: number | null; permissions?: Record<string, boolean> }[];
}

/**
 * The grants of a category with its own permissions, per source role, from the roles' fragments; `null` when the
 * roles came without their permissions (a token that may not read them): the category is then restricted.
 */
export function categoryGrantsOf(
  categoryID: number,
  roles: readonly VanillaRole[],
): ImportedCategoryGrant[] | null {
  if (roles.some((role) => !Array.isArray(role.permissions))) return null;
  return roles.flatMap((role) => {
    if (!role.name) return [];
    const fragment = role.permissions?.find(
      (item) => item.type === "category" && Number(item.id) === categoryID,
    );
    const granted = fragment?.permissions ?? {};
    const has = (name: string) => granted[name] === true;
    return [
      {
        roleName: role.name,
        view: has("discussions.view"),
        startDiscussions: has("discussions.add"),
        comment: has("comments.add"),
        moderate: has("posts.moderate"),
      },
    ];
  });
}

export interface VanillaUser {
  userID: number;
  name?: string;
  email?: string | null;
  dateInserted?: string;
  dateLastActive?: string | null;
  banned?: number | boolean;
  roles?: { roleID?: number; name?: string }[];
  /** The member's photo (Vanilla gives its default avatar's address when they have none). */
  photoUrl?: string | null;
  /** The Signatures add-on's text, on the record itself or among the profile extension's fields. */
  signature?: string | null;
  profileFields?: Record<string, unknown> | null;
}

/** The reaction counts a listing carries with `expand=reactions`: Vanilla's list of types with counts. */
export interface VanillaReactionCounts {
  reactions?: { count?: number }[] | null;
  /** Older sites: `attributes.React` maps each reaction type to its count. */
  attributes?: { React?: Record<string, number> | null } | null;
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
  reactions?: VanillaReactionCounts["reactions"];
  attributes?: VanillaReactionCounts["attributes"];
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
  /** The comment it answers, on sites with nested comments. */
  parentCommentID?: number | null;
  reactions?: VanillaReactionCounts["reactions"];
  attributes?: VanillaReactionCounts["attributes"];
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

/**
 * A category as imported. `roles` are the source's roles with their permissions, or `null` when they could not be
 * read: a category with its own permissions then arrives restricted (staff only).
 */
export function importedCategory(
  category: VanillaCategory,
  index: number,
  roles: readonly VanillaRole[] | null = [],
): ImportedCategory {
  const grants =
    category.customPermissions === true && roles !== null
      ? categoryGrantsOf(category.categoryID, roles)
      : null;
  const restricted = category.customPermissions === true && grants === null;
  return {
    permissions: grants,
    ...(restricted ? { restricted } : {}),
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

/** How many reactions a listed post has, when the listing says; null when it does not (ask the post). */
export function reactionCountOf(record: VanillaReactionCounts): number | null {
  if (Array.isArray(record.reactions))
    return record.reactions.reduce((sum, reaction) => sum + (Number(reaction.count) || 0), 0);
  const counts = record.attributes?.React;
  if (counts && typeof counts === "object")
    return Object.values(counts).reduce((sum, count) => sum + (Number(count) || 0), 0);
  return null;
}

/** Vanilla's stand-in avatars (a member without a photo): not copied. */
const DEFAULT_AVATAR = /default(icon|avatar)|\/avatars\/default/i;

/** The member's own photo as an absolute address on (or off) the site, or null. */
export function photoUrlOf(user: VanillaUser, siteUrl: string): string | null {
  const photo = user.photoUrl?.trim();
  if (!photo || DEFAULT_AVATAR.test(photo)) return null;
  try {
    const url = new URL(photo, `${siteUrl}/`);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

function signatureOf(user: VanillaUser): ImportedUser["signature"] {
  const field = user.profileFields?.signature ?? user.profileFields?.Signature;
  const text = user.signature ?? (typeof field === "string" ? field : null);
  // The site's signatures are shown as it rendered them (HTML, sanitised here).
  return text && text.trim() !== "" ? { body: text, format: "html" } : null;
}

export function importedUser(user: VanillaUser, siteUrl: string): ImportedUser {
  return {
    foreignID: String(user.userID),
    name: user.name ?? `member ${user.userID}`,
    email: user.email ?? null,
    dateInserted: user.dateInserted ?? "",
    dateLastActive: user.dateLastActive ?? null,
    about: null,
    banned: user.banned === true || user.banned === 1,
    roleNames: (user.roles ?? []).flatMap((role) => (role.name ? [role.name] : [])),
    photoUrl: photoUrlOf(user, siteUrl),
    signature: signatureOf(user),
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
    parentForeignID: idOrNull(comment.parentCommentID),
    insertUserForeignID: idOrNull(comment.insertUserID),
    ...bodyOf(comment),
    dateInserted: comment.dateInserted ?? "",
    dateUpdated: comment.dateUpdated ?? null,
  };
}
