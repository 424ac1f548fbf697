import type { DiscussionPatch } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import { HttpError, PermissionError } from "@library/server/errors/httpErrors";
import { isBodyFormat } from "@library/server/formats/renderBody";
import type { Viewer } from "@library/server/permissions/viewer";
import { hasCategoryPermission } from "../categories/categoryTree";
import { getViewableComment } from "../comments/commentRows";
import { getViewableDiscussion } from "../discussions/discussionRows";

/**
 * A draft that edits an existing post (`recordID`) is kept only for those who may edit it: a discussion's author
 * or holders of discussions.edit in its category (the rule of GET /discussions/{id}/edit); a comment's author,
 * moderators or holders of comments.edit. 404 for a post that does not exist, 403 for one the viewer may not
 * see or edit. The edit window is checked when the edit is applied.
 */
export async function assertMayDraftEditOf(
  context: AppContext,
  viewer: Viewer,
  recordType: string,
  recordID: number | null,
): Promise<void> {
  if (recordID === null) return;
  if (recordType === "discussion") {
    const { row, tree } = await getViewableDiscussion(context, viewer, recordID);
    if (
      row.insertUserID !== viewer.userID &&
      !hasCategoryPermission(tree, viewer, "discussions.edit", row.categoryID)
    )
      throw new PermissionError(["discussions.edit"]);
  } else if (recordType === "comment") {
    const { row, discussion, tree } = await getViewableComment(context, viewer, recordID);
    if (
      row.insertUserID !== viewer.userID &&
      !viewer.has(["site.manage", "community.moderate"]) &&
      !hasCategoryPermission(tree, viewer, "comments.edit", discussion.categoryID)
    )
      throw new PermissionError(["comments.edit"]);
  }
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === "string") ? value : undefined;
}

function idList(value: unknown): number[] | undefined {
  return Array.isArray(value) && value.every((item) => Number.isInteger(item))
    ? (value as number[])
    : undefined;
}

/**
 * The PATCH a scheduled edit of a discussion applies: title, body and format, category, the post type's fields,
 * tags (when tagging is on) and the announcement (only for an author who may announce in the category, as when
 * saving the form). Sent as the draft's author, under PATCH's rules at the time it applies.
 */
export function scheduledEditPatch(
  context: AppContext,
  viewer: Viewer,
  attributes: Record<string, unknown>,
  currentCategoryID: number,
): DiscussionPatch {
  const meta = (attributes.draftMeta ?? {}) as Record<string, unknown>;
  const format = typeof attributes.format === "string" ? attributes.format : "rich2";
  if (!isBodyFormat(format)) throw new HttpError(422, `Unknown format ${format}.`);
  const name =
    typeof meta.name === "string" ? meta.name : typeof attributes.name === "string" ? attributes.name : "";
  const categoryID = typeof meta.categoryID === "number" ? meta.categoryID : currentCategoryID;
  const patch: DiscussionPatch = {
    name,
    body: typeof attributes.body === "string" ? attributes.body : "",
    format,
    ...(categoryID !== currentCategoryID ? { categoryID } : {}),
  };
  const postMeta = meta.postMeta;
  if (
    postMeta &&
    typeof postMeta === "object" &&
    !Array.isArray(postMeta) &&
    Object.keys(postMeta).length > 0
  )
    patch.postMeta = postMeta as Record<string, unknown>;
  const tagIDs = idList(meta.tagIDs);
  const newTagNames = stringList(meta.newTagNames);
  if (context.settings.peek<boolean>("tagging.enabled") === true && (tagIDs || newTagNames)) {
    if (tagIDs) patch.tagIDs = tagIDs;
    if (newTagNames && newTagNames.length > 0) patch.newTagNames = newTagNames;
  }
  const location = meta.pinLocation;
  if (
    (location === "none" || location === "category" || location === "recent") &&
    viewer.has("discussions.announce", { type: "category", id: categoryID })
  ) {
    Object.assign(patch, location === "none" ? { pinned: false } : { pinned: true, pinLocation: location });
  }
  return patch;
}
