import type {
  ImportedCategory,
  ImportedCategoryGrant,
  ImportedComment,
  ImportedDiscussion,
  ImportedUser,
} from "../core/importSource";

/**
 * NodeBB's hashes (every value a string, dates in milliseconds) turned into the records an import yields.
 * Field names are NodeBB's own (src/categories/create.js, src/user/create.js, src/topics/create.js,
 * src/posts/create.js).
 */
export type NodebbHash = Record<string, string>;

/** A date in milliseconds as ISO text; null when absent or 0 (NodeBB writes 0 for "never"). */
export function isoDate(milliseconds: string | number | undefined): string | null {
  const value = Number(milliseconds);
  if (!Number.isFinite(value) || value <= 0) return null;
  return new Date(value).toISOString();
}

/** The first of these dates that NodeBB set, else the epoch (a record always has a date here). */
function firstDate(...values: (string | number | undefined)[]): string {
  for (const value of values) {
    const date = isoDate(value);
    if (date !== null) return date;
  }
  return new Date(0).toISOString();
}

function flag(value: string | undefined): boolean {
  return value === "1" || value === "true";
}

function textOrNull(value: string | undefined): string | null {
  return value === undefined || value.trim() === "" ? null : value;
}

/** A local category id: NodeBB's remote (federated) categories have other ids and are not imported. */
export function isLocalId(id: string): boolean {
  return /^[1-9][0-9]*$/.test(id);
}

/** The category privileges the importer reads (src/privileges/categories.js), each a group list per category. */
export const CATEGORY_PRIVILEGES = [
  "find",
  "read",
  "topics:read",
  "topics:create",
  "topics:reply",
  "moderate",
] as const;
export type CategoryPrivilege = (typeof CATEGORY_PRIVILEGES)[number];

/** NodeBB's system groups and the roles here they become; other groups (and single members) map to nothing. */
const GROUP_ROLES = [
  { group: "guests", roleName: "Guest" },
  { group: "registered-users", roleName: "Member" },
  { group: "Global Moderators", roleName: "Moderator" },
  { group: "administrators", roleName: "Administrator" },
] as const;

/**
 * A category's grants per role from the groups holding each privilege (`group:cid:{cid}:privileges:groups:{p}`'s
 * members). Seeing it needs all of find, read and topics:read (less hides it: when in doubt, not public).
 * NodeBB's administrators may do everything everywhere, whatever the lists say.
 */
export function categoryGrants(
  groupsWith: Record<CategoryPrivilege, readonly string[]>,
): ImportedCategoryGrant[] {
  return GROUP_ROLES.map(({ group, roleName }) => {
    if (group === "administrators") return allOrNothing(roleName, true);
    const has = (privilege: CategoryPrivilege) => groupsWith[privilege].includes(group);
    return {
      roleName,
      view: has("find") && has("read") && has("topics:read"),
      startDiscussions: has("topics:create"),
      comment: has("topics:reply"),
      moderate: has("moderate"),
    };
  });
}

function allOrNothing(roleName: string, granted: boolean): ImportedCategoryGrant {
  return { roleName, view: granted, startDiscussions: granted, comment: granted, moderate: granted };
}

/** What a disabled category (hidden from everyone but administrators at the source) becomes: staff only. */
export function disabledCategoryGrants(): ImportedCategoryGrant[] {
  return GROUP_ROLES.map(({ roleName }) =>
    allOrNothing(roleName, roleName === "Moderator" || roleName === "Administrator"),
  );
}

export function toCategory(
  cid: string,
  hash: NodebbHash,
  groupsWith: Record<CategoryPrivilege, readonly string[]>,
  /** Members granted a privilege in it one by one (`group:cid:{cid}:privileges:{privilege}`). */
  singleMembers = 0,
): ImportedCategory {
  const parent = hash.parentCid ?? "0";
  // The slug is `{cid}/{name-slug}`.
  const slug = (hash.slug ?? "").split("/").slice(1).join("/");
  return {
    foreignID: cid,
    parentForeignID: isLocalId(parent) ? parent : null,
    name: hash.name ?? `Category ${cid}`,
    description: textOrNull(hash.description),
    urlcode: textOrNull(slug),
    sort: Number(hash.order) || 0,
    permissions: flag(hash.disabled) ? disabledCategoryGrants() : categoryGrants(groupsWith),
    ...(flag(hash.disabled) ? { disabled: true } : {}),
    ...(singleMembers > 0
      ? {
          permissionsNote: `${singleMembers} member(s) had their own grants in it at the source (not imported: give them a role)`,
        }
      : {}),
  };
}

/**
 * Parents before children, siblings by NodeBB's order then id. A category whose parent is missing (or in a
 * loop) becomes top-level rather than being lost.
 */
export function orderCategories(categories: ImportedCategory[]): ImportedCategory[] {
  const byID = new Map(categories.map((category) => [category.foreignID, category]));
  const children = new Map<string | null, ImportedCategory[]>();
  for (const category of categories) {
    const parent =
      category.parentForeignID !== null && byID.has(category.parentForeignID)
        ? category.parentForeignID
        : null;
    const siblings = children.get(parent) ?? [];
    siblings.push({ ...category, parentForeignID: parent });
    children.set(parent, siblings);
  }
  const ordered: ImportedCategory[] = [];
  const placed = new Set<string>();
  const place = (parent: string | null): void => {
    const siblings = (children.get(parent) ?? []).sort(
      (a, b) => a.sort - b.sort || Number(a.foreignID) - Number(b.foreignID),
    );
    for (const category of siblings) {
      if (placed.has(category.foreignID)) continue;
      placed.add(category.foreignID);
      ordered.push(category);
      place(category.foreignID);
    }
  };
  place(null);
  // Categories in a parent loop were never reached from the top: they become top-level.
  for (const category of categories) {
    if (placed.has(category.foreignID)) continue;
    placed.add(category.foreignID);
    ordered.push({ ...category, parentForeignID: null });
  }
  return ordered;
}

export interface UserRoles {
  administrator: boolean;
  moderator: boolean;
}

/**
 * The member's photo (`picture`, else `uploadedpicture`) as an absolute address. NodeBB keeps its own uploads
 * as site paths (`/assets/uploads/profile/…`): read from `uploadsUrl` (the site's address), or, without it, not
 * copied and said why.
 */
export function photoOf(
  hash: NodebbHash,
  uploadsUrl: string | null,
): Pick<ImportedUser, "photoUrl" | "photoProblem"> {
  const picture = textOrNull(hash.picture) ?? textOrNull(hash.uploadedpicture);
  if (picture === null) return { photoUrl: null };
  if (/^https?:\/\//i.test(picture)) return { photoUrl: picture };
  if (picture.startsWith("//")) return { photoUrl: `https:${picture}` };
  if (uploadsUrl === null)
    return { photoUrl: null, photoProblem: `${picture} is a path on the NodeBB site: give --uploads-url` };
  return { photoUrl: `${uploadsUrl.replace(/\/+$/, "")}/${picture.replace(/^\/+/, "")}` };
}

export function toUser(
  uid: string,
  hash: NodebbHash,
  joinedAt: number,
  roles: UserRoles,
  now: number,
  uploadsUrl: string | null = null,
): ImportedUser {
  const banExpires = Number(hash["banned:expire"] ?? 0);
  const roleNames = roles.administrator ? ["Administrator"] : roles.moderator ? ["Moderator"] : ["Member"];
  const signature = textOrNull(hash.signature);
  return {
    foreignID: uid,
    name: hash.username ?? `user${uid}`,
    email: textOrNull(hash.email),
    dateInserted: firstDate(hash.joindate, joinedAt),
    dateLastActive: isoDate(hash.lastonline),
    about: textOrNull(hash.aboutme),
    // A ban with an expiry in the past has lapsed (NodeBB lifts it at the member's next sign-in).
    banned: flag(hash.banned) && (!(banExpires > 0) || banExpires > now),
    roleNames,
    ...photoOf(hash, uploadsUrl),
    signature: signature === null ? null : { body: signature, format: "markdown" },
  };
}

/** Why a topic is not imported, or null. Its posts are left out for the same reason. */
export function topicSkipReason(topic: NodebbHash | null, now: number): string | null {
  if (topic === null) return "the topic no longer exists at the source";
  if (flag(topic.deleted)) return "the topic is deleted at the source";
  if (Number(topic.timestamp) > now) return "the topic is scheduled and not published yet";
  return null;
}

/** Tag names from the topic hash (NodeBB 1.18 on) or, before that, the `topic:{tid}:tags` set. */
export function topicTags(topic: NodebbHash, legacyTags: string[] | undefined): string[] {
  const names = topic.tags !== undefined ? topic.tags.split(",") : (legacyTags ?? []);
  return [...new Set(names.map((name) => name.trim()).filter((name) => name !== ""))].sort();
}

export function toDiscussion(
  tid: string,
  topic: NodebbHash,
  mainPost: NodebbHash,
  author: string | null,
  tags: string[],
  createdAt: number,
): ImportedDiscussion {
  return {
    foreignID: tid,
    categoryForeignID: topic.cid ?? "",
    insertUserForeignID: author,
    name: topic.title ?? "",
    ...postFields(mainPost, topic.timestamp, createdAt),
    closed: flag(topic.locked),
    pinned: flag(topic.pinned),
    // NodeBB pins a topic at the top of its category.
    pinLocation: flag(topic.pinned) ? "category" : null,
    countViews: Math.max(0, Math.trunc(Number(topic.viewcount) || 0)),
    tags,
  };
}

/** A post's body (NodeBB's Markdown) and dates, shared by a topic's main post and its replies. */
function postFields(post: NodebbHash, postedAt: string | undefined, createdAt: number) {
  return {
    body: post.content ?? "",
    format: "markdown" as const,
    dateInserted: firstDate(postedAt, createdAt),
    dateUpdated: isoDate(post.edited),
  };
}

/**
 * A reply. `toPid` names the post it answers: another reply becomes its parent comment; the topic's main post
 * (`mainPid`) is the discussion itself, so a reply to it is not nested.
 */
export function toComment(
  pid: string,
  post: NodebbHash,
  author: string | null,
  createdAt: number,
  mainPid: string | null = null,
): ImportedComment {
  const toPid = textOrNull(post.toPid);
  return {
    foreignID: pid,
    discussionForeignID: post.tid ?? "",
    parentForeignID: toPid !== null && isLocalId(toPid) && toPid !== mainPid ? toPid : null,
    insertUserForeignID: author,
    ...postFields(post, post.timestamp, createdAt),
  };
}

/** The author's uid when that member still exists at the source; guests (uid 0) and deleted members: null. */
export function authorOf(uid: string | undefined, existingUids: ReadonlySet<string>): string | null {
  return uid !== undefined && existingUids.has(uid) ? uid : null;
}
