import type { Breadcrumb } from "@forum/api/categories";
import type { Draft, DraftEdit } from "@forum/api/drafts";
import { isBodyFormat, renderBody, excerptOf } from "@library/server/formats/renderBody";
import { toApiDate } from "@library/server/http/dates";
import type { DraftRow } from "./draftRows";
import { DRAFT_STATUS_NAMES } from "./draftRules";

type Attributes = Record<string, unknown>;

export function parseAttributes(text: string): Attributes {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Attributes) : {};
  } catch {
    return {};
  }
}

function meta(attributes: Attributes): Attributes {
  const value = attributes.draftMeta;
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Attributes) : {};
}

/**
 * Where the draft is edited: a discussion draft on its create-post page (`/post/editdiscussion/{recordID|0}/{id}`),
 * a reply draft under its comment and a comment draft in its discussion's comment box (SPEC 2, 'Navigate to Draft').
 */
export function draftEditUrl(
  row: Pick<DraftRow, "draftID" | "recordType" | "recordID" | "parentRecordID">,
  attributes: Attributes,
): string {
  if (row.recordType === "comment") {
    const parentCommentID = meta(attributes).commentParentID;
    if (typeof parentCommentID === "number")
      return `/discussion/comment/${parentCommentID}?hasDraft=true#Comment_${parentCommentID}`;
    return `/discussion/${row.parentRecordID ?? 0}?hasDraft=true#create-comment`;
  }
  return `/post/editdiscussion/${row.recordID ?? 0}/${row.draftID}`;
}

function draftName(row: DraftRow, attributes: Attributes): string {
  const name = meta(attributes).name ?? attributes.name;
  return typeof name === "string" ? name : "";
}

function draftExcerpt(attributes: Attributes): string {
  const body = attributes.body;
  if (typeof body !== "string" || body === "") return "";
  const format = typeof attributes.format === "string" ? attributes.format : "rich2";
  if (!isBodyFormat(format)) return "";
  try {
    return excerptOf(renderBody(format, body).text, 200);
  } catch {
    return "";
  }
}

export function presentDraftEdit(row: DraftRow): DraftEdit {
  return {
    draftID: row.draftID,
    recordType: row.recordType,
    recordID: row.recordID,
    parentRecordType: row.parentRecordType,
    parentRecordID: row.parentRecordID,
    attributes: parseAttributes(row.attributes),
  };
}

/** Draft (API.md 14); `expand` adds the list view extras (`breadCrumbs` from `draftBreadCrumbs`). */
export function presentDraft(row: DraftRow, expand = false, breadCrumbs?: Breadcrumb[]): Draft {
  const attributes = parseAttributes(row.attributes);
  const draft: Draft = {
    ...presentDraftEdit(row),
    attributes,
    draftStatus: DRAFT_STATUS_NAMES[row.draftStatus] ?? "draft",
    dateScheduled: toApiDate(row.dateScheduled),
    insertUserID: row.insertUserID,
    dateInserted: toApiDate(row.dateInserted),
    updateUserID: row.updateUserID,
    dateUpdated: toApiDate(row.dateUpdated),
    failedReason: row.failedReason,
  };
  if (!expand) return draft;
  return {
    ...draft,
    name: draftName(row, attributes),
    excerpt: draftExcerpt(attributes),
    editUrl: draftEditUrl(row, attributes),
    permaLink: null,
    ...(breadCrumbs ? { breadCrumbs } : {}),
  };
}
