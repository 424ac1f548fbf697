import type { CategoryRolePermissions } from "@forum/api/categories";
import { USER_TAG_TYPE } from "@forum/api/tags";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { nowIso } from "@library/server/http/dates";
import { CATEGORY_PERMISSIONS, type CategoryPermission } from "@library/server/permissions/permissionNames";
import { createUserRecord, nameKey } from "@library/server/users/createUserRecord";
import { MAX_COMMENT_DEPTH } from "../../../forum/server/comments/commentCreate";
import "../../../dashboard/server/users/userBans";
import { writeCategoryGrants } from "../../../forum/server/categories/categoryPermissions";
import { newCategoryRow } from "../../../forum/server/categories/newCategoryRow";
import "../../../forum/server/reactions/reactionTables";
import "../../../forum/server/tags/tagTables";
import { cleanTagName, tagSlugOf } from "../../../forum/server/tags/tagNames";
import { attachAvatar, type AvatarDownloads } from "./importAvatars";
import { importedBody, importedDate } from "./importBodies";
import type { ImportMap } from "./importMap";
import type {
  ImportedCategory,
  ImportedCategoryGrant,
  ImportedComment,
  ImportedDiscussion,
  ImportedReaction,
  ImportedUser,
} from "./importSource";

/** What writing one record did: the local id it became, or why it was not written. */
export type WriteResult = { localID: number; note?: string } | { skipped: string };

export interface WriteContext {
  context: AppContext;
  map: ImportMap;
  /** Roles here by lower-cased name, and the member role for unknown names. */
  roles: { byName: Map<string, { roleID: number; type: string | null }>; memberRoleID: number | null };
  /** Reaction types here by lower-cased urlcode. */
  reactionTypes: Map<string, number>;
  /** Tags the run created (for the report). */
  tagsCreated: string[];
  /** The photos of the batch's members, downloaded before its transaction. */
  avatars: AvatarDownloads;
}

/**
 * The local id of a record this one hangs on (its category, discussion, parent, member), or why this one cannot
 * be written: `its {what} {id} was not imported`.
 */
async function mappedOrReason(
  write: WriteContext,
  trx: DbOrTx,
  kind: string,
  foreignID: string,
  what: string,
): Promise<number | string> {
  return (await write.map.localID(kind, foreignID, trx)) ?? `its ${what} ${foreignID} was not imported`;
}

/**
 * Imported members never sign in with a password from the source: this value verifies no password (it is not a
 * hash), so they choose one through "forgot password".
 */
export const UNUSABLE_PASSWORD = "imported:no-password";

/** The reason recorded with the ban of a member who was banned at the source. */
const BAN_REASON = "Banned on the site the community was imported from.";

/** The name of the member posts of deleted source members are attributed to. */
export const PLACEHOLDER_MEMBER_NAME = "Deleted Member";

/** The map's kind of the records the run makes on the way (not read from the source). */
const PLACEHOLDERS = "placeholders";

/** Names here: letters, digits, spaces and `_ . -` (createUserRecord's rule); anything else becomes `_`. */
function usableName(name: string): string {
  const cleaned = name
    .replace(/[^\p{L}\p{N}_.\- ]+/gu, "_")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned.length > 0 ? cleaned.slice(0, 50) : "member";
}

async function nameTaken(trx: DbOrTx, name: string): Promise<boolean> {
  const row = await trx
    .selectFrom("users")
    .select("userID")
    .where("nameKey", "=", nameKey(name))
    .executeTakeFirst();
  return row !== undefined;
}

/** A free name: the source's, or with `-2`, `-3`… when a different member here has it. */
async function freeName(trx: DbOrTx, wanted: string): Promise<string> {
  if (!(await nameTaken(trx, wanted))) return wanted;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${wanted}-${suffix}`;
    if (!(await nameTaken(trx, candidate))) return candidate;
  }
}

/** An imported signature's columns: as typed (Markdown or text; else its plain text) and its sanitised HTML. */
function signatureColumns(signature: ImportedUser["signature"]) {
  if (!signature || signature.body.trim() === "") return { signature: null, signatureRaw: null };
  const rendered = importedBody(signature.format, signature.body);
  const raw =
    rendered.format === "markdown" || rendered.format === "text" ? signature.body : rendered.bodyText;
  return { signature: rendered.bodyHtml, signatureRaw: raw };
}

/** The photo of a member made now: the downloaded one attached, or why there is none (for the report). */
async function photoOf(write: WriteContext, trx: DbOrTx, user: ImportedUser, userID: number) {
  if (user.photoProblem) return `photo not copied: ${user.photoProblem}`;
  if (!user.photoUrl) return null;
  const download = write.avatars.take(user.foreignID);
  if (!download) return null;
  if ("failed" in download) return `photo not copied: ${download.failed} (${user.photoUrl})`;
  await attachAvatar(trx, userID, download.stored);
  return null;
}

export async function writeUser(write: WriteContext, trx: DbOrTx, user: ImportedUser): Promise<WriteResult> {
  const { map, roles } = write;
  const email = user.email?.trim() ?? "";
  if (!email) return { skipped: "no email address at the source (every member here needs one)" };
  const sameEmail = await trx
    .selectFrom("users")
    .select(["userID", "name"])
    .where("emailKey", "=", email.toLowerCase())
    .executeTakeFirst();
  if (sameEmail) {
    await map.add(trx, "users", user.foreignID, sameEmail.userID);
    return { localID: sameEmail.userID, note: `same email as the member ${sameEmail.name} here: merged` };
  }
  const wanted = usableName(user.name);
  const name = await freeName(trx, wanted);
  const picked = user.roleNames
    .map((roleName) => roles.byName.get(roleName.trim().toLowerCase()))
    .filter((role) => role !== undefined);
  const roleIDs =
    picked.length > 0
      ? picked.map((role) => role.roleID)
      : roles.memberRoleID === null
        ? []
        : [roles.memberRoleID];
  const userID = await createUserRecord(trx, {
    name,
    email,
    password: null,
    passwordHash: UNUSABLE_PASSWORD,
    roleIDs,
    isAdmin: picked.some((role) => role.type === "administrator"),
  });
  const joined = importedDate(user.dateInserted, nowIso());
  await trx
    .updateTable("users")
    .set({
      dateInserted: joined,
      dateLastActive: user.dateLastActive ? importedDate(user.dateLastActive, joined) : null,
      about: user.about,
      banned: user.banned ? 1 : 0,
      ...signatureColumns(user.signature),
    })
    .where("userID", "=", userID)
    .execute();
  if (user.banned)
    await trx
      .insertInto("userBans")
      .values({ userID, reason: BAN_REASON, dateExpires: null, insertUserID: 0, dateInserted: joined })
      .execute();
  await map.add(trx, "users", user.foreignID, userID);
  const notes = [
    name === user.name ? null : `named "${name}" here (the source's "${user.name}" was taken or not allowed)`,
    await photoOf(write, trx, user, userID),
  ].filter((note) => note !== null);
  return notes.length > 0 ? { localID: userID, note: notes.join("; ") } : { localID: userID };
}

/** The member a post of a deleted (or skipped) source member is attributed to; made once per source. */
async function placeholderMember(write: WriteContext, trx: DbOrTx): Promise<number> {
  const known = await write.map.localID(PLACEHOLDERS, "member", trx);
  if (known !== undefined) return known;
  const name = await freeName(trx, PLACEHOLDER_MEMBER_NAME);
  const userID = await createUserRecord(trx, {
    name,
    email: `deleted-member-${write.map.sourceKey.replace(/[^a-z0-9]+/gi, "-").slice(0, 40)}@invalid.example`,
    password: null,
    passwordHash: UNUSABLE_PASSWORD,
    roleIDs: write.roles.memberRoleID === null ? [] : [write.roles.memberRoleID],
  });
  await write.map.add(trx, PLACEHOLDERS, "member", userID);
  return userID;
}

async function authorOf(write: WriteContext, trx: DbOrTx, foreignID: string | null): Promise<number> {
  const mapped = foreignID === null ? undefined : await write.map.localID("users", foreignID, trx);
  return mapped ?? (await placeholderMember(write, trx));
}

/** The ways a category here lists its content (API.md 6.1). */
const DISPLAY_AS = new Set(["discussions", "categories", "flat", "heading"]);

async function freeUrlcode(trx: DbOrTx, wanted: string): Promise<string> {
  const base = tagSlugOf(wanted) || "category";
  for (let suffix = 1; ; suffix += 1) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`;
    const taken = await trx
      .selectFrom("categories")
      .select("categoryID")
      .where("urlcode", "=", candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

/** The note of a category imported for staff only because its grants could not be read at the source. */
export const RESTRICTED_CATEGORY_NOTE = "permissions unreadable at the source: staff only until you set them";

/** The note of a category that was switched off at the source (imported for staff only). */
export const DISABLED_CATEGORY_NOTE = "disabled at the source: staff only until you set its permissions";

/** Role types here that a category whose grants are unknown stays open to. */
const STAFF_ROLE_TYPES = new Set(["moderator", "administrator"]);

/** The role here a source role name maps to: the same name, else the default role of that type. */
function localRoleOf(roles: WriteContext["roles"], roleName: string): number | undefined {
  const key = roleName.trim().toLowerCase();
  const named = roles.byName.get(key);
  if (named) return named.roleID;
  for (const role of roles.byName.values()) if (role.type === key) return role.roleID;
  return undefined;
}

function grantsOf(grant: ImportedCategoryGrant): Record<string, boolean> {
  if (!grant.view) return {};
  const granted: CategoryPermission[] = ["discussions.view"];
  if (grant.startDiscussions) granted.push("discussions.add");
  if (grant.comment) granted.push("comments.add");
  if (grant.moderate) granted.push(...CATEGORY_PERMISSIONS);
  return Object.fromEntries(granted.map((name) => [name, true]));
}

/**
 * A category's own grants here, as the dashboard writes them (`customPermissions` and category-scoped role
 * grants, copying nothing from the global grants): the mapped source roles get what they had there, every other
 * role nothing. Unreadable grants: moderators and administrators get every category permission, no one else any.
 */
function categoryGrantsOf(
  roles: WriteContext["roles"],
  category: ImportedCategory,
): CategoryRolePermissions[] | null {
  if (category.restricted)
    return [...roles.byName.values()]
      .filter((role) => STAFF_ROLE_TYPES.has(role.type ?? ""))
      .map((role) => ({
        roleID: role.roleID,
        permissions: Object.fromEntries(CATEGORY_PERMISSIONS.map((name) => [name, true])),
      }));
  if (!category.permissions) return null;
  const byRole = new Map<number, Record<string, boolean>>();
  for (const grant of category.permissions) {
    const roleID = localRoleOf(roles, grant.roleName);
    if (roleID === undefined) continue;
    byRole.set(roleID, { ...byRole.get(roleID), ...grantsOf(grant) });
  }
  return [...byRole].map(([roleID, permissions]) => ({ roleID, permissions }));
}

export async function writeCategory(
  write: WriteContext,
  trx: DbOrTx,
  category: ImportedCategory,
): Promise<WriteResult> {
  const { map, roles } = write;
  let parentCategoryID: number | null = null;
  if (category.parentForeignID !== null) {
    const parent = await mappedOrReason(
      write,
      trx,
      "categories",
      category.parentForeignID,
      "parent category",
    );
    if (typeof parent === "string") return { skipped: parent };
    parentCategoryID = parent;
  }
  const grants = categoryGrantsOf(roles, category);
  const { categoryID } = await trx
    .insertInto("categories")
    .values(
      newCategoryRow({
        parentCategoryID,
        sort: category.sort,
        name: category.name.slice(0, 255) || category.foreignID,
        urlcode: await freeUrlcode(trx, category.urlcode ?? category.name),
        description: category.description,
        displayAs: DISPLAY_AS.has(category.displayAs ?? "")
          ? (category.displayAs ?? "discussions")
          : "discussions",
        customPermissions: grants !== null,
        allowedDiscussionTypes: ["discussion", "question", "idea"],
      }),
    )
    .returning("categoryID")
    .executeTakeFirstOrThrow();
  if (grants !== null) await writeCategoryGrants(trx, categoryID, grants, false);
  await map.add(trx, "categories", category.foreignID, categoryID);
  if (category.restricted) return { localID: categoryID, note: RESTRICTED_CATEGORY_NOTE };
  if (category.disabled) return { localID: categoryID, note: DISABLED_CATEGORY_NOTE };
  return category.permissionsNote
    ? { localID: categoryID, note: category.permissionsNote }
    : { localID: categoryID };
}

/** Tags by name: an ordinary tag with the same slug is reused, a missing one created; reserved slugs are left out. */
async function tagIDsOf(write: WriteContext, trx: DbOrTx, names: readonly string[], userID: number) {
  const tagIDs: number[] = [];
  const refused: string[] = [];
  for (const raw of names) {
    const name = cleanTagName(raw);
    const urlcode = tagSlugOf(name);
    if (!urlcode) continue;
    let tag = await trx
      .selectFrom("tags")
      .select(["tagID", "type"])
      .where("urlcode", "=", urlcode)
      .executeTakeFirst();
    if (!tag) {
      tag = await trx
        .insertInto("tags")
        .values({ name, urlcode, parentTagID: null, insertUserID: userID, dateInserted: nowIso() })
        .returning(["tagID", "type"])
        .executeTakeFirstOrThrow();
      write.tagsCreated.push(name);
    }
    if (tag.type !== USER_TAG_TYPE) refused.push(name);
    else if (!tagIDs.includes(tag.tagID)) tagIDs.push(tag.tagID);
  }
  return { tagIDs, refused };
}

export async function writeDiscussion(
  write: WriteContext,
  trx: DbOrTx,
  discussion: ImportedDiscussion,
): Promise<WriteResult> {
  const categoryID = await mappedOrReason(write, trx, "categories", discussion.categoryForeignID, "category");
  if (typeof categoryID === "string") return { skipped: categoryID };
  const authorID = await authorOf(write, trx, discussion.insertUserForeignID);
  const dateInserted = importedDate(discussion.dateInserted, nowIso());
  const pinLocation = discussion.pinned ? (discussion.pinLocation ?? "recent") : null;
  const { discussionID } = await trx
    .insertInto("discussions")
    .values({
      type: "discussion",
      categoryID,
      name: discussion.name.slice(0, 250) || `#${discussion.foreignID}`,
      ...importedBody(discussion.format, discussion.body),
      insertUserID: authorID,
      dateInserted,
      updateUserID: null,
      dateUpdated: discussion.dateUpdated ? importedDate(discussion.dateUpdated, dateInserted) : null,
      dateLastComment: dateInserted,
      lastUserID: authorID,
      lastCommentID: null,
      countComments: 0,
      countViews: Math.max(0, Math.trunc(discussion.countViews)),
      score: 0,
      hot: 0,
      pinned: discussion.pinned ? 1 : 0,
      pinLocation,
      closed: discussion.closed ? 1 : 0,
      sink: 0,
      statusID: 0,
      resolved: 0,
    })
    .returning("discussionID")
    .executeTakeFirstOrThrow();
  const { tagIDs, refused } = await tagIDsOf(write, trx, discussion.tags, authorID);
  if (tagIDs.length > 0)
    await trx
      .insertInto("tagDiscussions")
      .values(tagIDs.map((tagID) => ({ tagID, discussionID, dateInserted })))
      .execute();
  await write.map.add(trx, "discussions", discussion.foreignID, discussionID);
  return refused.length > 0
    ? { localID: discussionID, note: `reserved tag names left out: ${refused.join(", ")}` }
    : { localID: discussionID };
}

/**
 * Where a reply sits in its discussion's thread: under the comment it answers at the source when that one was
 * imported into the same discussion (beyond the deepest level here, beside its parent); else at the top.
 */
async function threadOf(
  write: WriteContext,
  trx: DbOrTx,
  comment: ImportedComment,
  discussionID: number,
): Promise<{ parentCommentID: number | null; depth: number; note?: string }> {
  const top = { parentCommentID: null, depth: 1 };
  if (!comment.parentForeignID) return top;
  const parentID = await mappedOrReason(write, trx, "comments", comment.parentForeignID, "parent comment");
  if (typeof parentID === "string")
    return { ...top, note: `${parentID}: shown as a reply to the discussion` };
  const parent = await trx
    .selectFrom("comments")
    .select(["commentID", "parentCommentID", "depth", "discussionID"])
    .where("commentID", "=", parentID)
    .executeTakeFirst();
  if (!parent || parent.discussionID !== discussionID)
    return {
      ...top,
      note: "its parent comment is in another discussion: shown as a reply to the discussion",
    };
  if (parent.depth < MAX_COMMENT_DEPTH) return { parentCommentID: parent.commentID, depth: parent.depth + 1 };
  return {
    parentCommentID: parent.parentCommentID,
    depth: parent.depth,
    note: `nested deeper than ${MAX_COMMENT_DEPTH} levels at the source: shown beside the comment it answers`,
  };
}

export async function writeComment(
  write: WriteContext,
  trx: DbOrTx,
  comment: ImportedComment,
): Promise<WriteResult> {
  const discussionID = await mappedOrReason(
    write,
    trx,
    "discussions",
    comment.discussionForeignID,
    "discussion",
  );
  if (typeof discussionID === "string") return { skipped: discussionID };
  const dateInserted = importedDate(comment.dateInserted, nowIso());
  const thread = await threadOf(write, trx, comment, discussionID);
  const { commentID } = await trx
    .insertInto("comments")
    .values({
      discussionID,
      parentCommentID: thread.parentCommentID,
      depth: thread.depth,
      ...importedBody(comment.format, comment.body),
      insertUserID: await authorOf(write, trx, comment.insertUserForeignID),
      dateInserted,
      updateUserID: null,
      dateUpdated: comment.dateUpdated ? importedDate(comment.dateUpdated, dateInserted) : null,
      score: 0,
      countChildComments: 0,
    })
    .returning("commentID")
    .executeTakeFirstOrThrow();
  await write.map.add(trx, "comments", comment.foreignID, commentID);
  return thread.note ? { localID: commentID, note: thread.note } : { localID: commentID };
}

/** The map's foreign id of a reaction: a source has no id for it, so its record, member and type name it. */
export function reactionForeignID(reaction: ImportedReaction): string {
  return `${reaction.recordType}:${reaction.recordForeignID}:${reaction.userForeignID}:${reaction.reactionUrlcode}`;
}

export async function writeReaction(
  write: WriteContext,
  trx: DbOrTx,
  reaction: ImportedReaction,
): Promise<WriteResult> {
  const tagID = write.reactionTypes.get(reaction.reactionUrlcode.toLowerCase());
  if (tagID === undefined) return { skipped: `no reaction type "${reaction.reactionUrlcode}" here` };
  const recordKind = reaction.recordType === "discussion" ? "discussions" : "comments";
  const recordID = await mappedOrReason(
    write,
    trx,
    recordKind,
    reaction.recordForeignID,
    reaction.recordType,
  );
  if (typeof recordID === "string") return { skipped: recordID };
  const userID = await mappedOrReason(write, trx, "users", reaction.userForeignID, "member");
  if (typeof userID === "string") return { skipped: userID };
  const existing = await trx
    .selectFrom("reactions")
    .select("tagID")
    .where("recordType", "=", reaction.recordType)
    .where("recordID", "=", recordID)
    .where("userID", "=", userID)
    .executeTakeFirst();
  if (existing) return { skipped: "the member already reacted to this post (one reaction per member here)" };
  await trx
    .insertInto("reactions")
    .values({
      recordType: reaction.recordType,
      recordID,
      userID,
      tagID,
      dateInserted: importedDate(reaction.dateInserted, nowIso()),
    })
    .execute();
  await write.map.add(trx, "reactions", reactionForeignID(reaction), tagID);
  return { localID: tagID };
}
