/**
 * SPEC 2's parsing rules for the create-post addresses (any path containing `/post/`). Plain code, no
 * dependencies: the server's pages and the layout query (API.md 17 params) read addresses the same way.
 */

/** `/post/{postType}[/{parentID}]`: a new post. */
export interface CreatePostPath {
  kind: "create";
  postType: string;
  parentRecordType: "category" | "group";
  /** A category id or urlcode, or the group id of a `social-groups` parent; null: no parent chosen yet. */
  parentRecordID: string | null;
}

/** `/post/editdiscussion/{recordID}/{draftID}`: a draft of a discussion (record id 0: no record yet). */
export interface EditDraftPath {
  kind: "editDraft";
  recordID: number;
  draftID: number;
}

/** `/post/editdiscussion/{discussionID}`: the edit page of a discussion. */
export interface EditDiscussionPath {
  kind: "editDiscussion";
  discussionID: number;
}

export type PostPagePath = CreatePostPath | EditDraftPath | EditDiscussionPath;

const ID = /^\d{1,10}$/;
const POST_TYPE = /^[a-z][a-z0-9-]{0,49}$/i;
const PARENT = /^[a-z0-9][a-z0-9._-]{0,99}$/i;

function positiveID(value: string | null | undefined): number | null {
  if (value == null || !ID.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}

/**
 * The post page an address names, or null (a 404). `pathname` is site-relative; the part from `/post/` on is
 * read. Create needs a post type, a parent type and a parent id (SPEC 2); `/post/discussion` alone opens the
 * form with no category chosen. A parent containing `social-groups` is a group whose id is the `groupid`
 * query parameter.
 */
export function parsePostPagePath(pathname: string, search = ""): PostPagePath | null {
  const at = pathname.indexOf("/post/");
  if (at < 0) return null;
  const segments = pathname
    .slice(at + "/post/".length)
    .replace(/\/+$/, "")
    .split("/");
  const [first = "", second, third] = segments;
  if (segments.some((segment) => segment === "")) return null;
  if (first.toLowerCase() === "editdiscussion") {
    if (segments.length === 2) {
      const discussionID = positiveID(second);
      return discussionID === null ? null : { kind: "editDiscussion", discussionID };
    }
    if (segments.length === 3 && second !== undefined && ID.test(second)) {
      const draftID = positiveID(third);
      return draftID === null ? null : { kind: "editDraft", recordID: Number(second), draftID };
    }
    return null;
  }
  if (!POST_TYPE.test(first) || segments.length > 2) return null;
  const postType = first.toLowerCase();
  if (second === undefined) {
    return postType === "discussion"
      ? { kind: "create", postType, parentRecordType: "category", parentRecordID: null }
      : null;
  }
  if (second.toLowerCase().includes("social-groups")) {
    const groupID = positiveID(new URLSearchParams(search).get("groupid"));
    return groupID === null
      ? null
      : { kind: "create", postType, parentRecordType: "group", parentRecordID: String(groupID) };
  }
  if (!PARENT.test(second)) return null;
  return { kind: "create", postType, parentRecordType: "category", parentRecordID: second };
}
