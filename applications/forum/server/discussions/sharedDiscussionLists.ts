import { discussionVisibility } from "@library/server/addons/discussionVisibility";
import type { FastifyRequest } from "fastify";
import type { Discussion, DiscussionListQuery } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import { sharedCacheFor, sharedPageTerms, type SharedCache } from "@library/server/http/sharedCache";
import { rolesKey, sharedViewerFor } from "@library/server/permissions/sharedViewer";
import { absolutizeLinks } from "@library/server/http/absoluteLinks";
import { pagingHeaders, siteOrigin } from "@library/server/http/pagination";
import { createHash } from "node:crypto";
import { computeReadStates, memberReadMarks } from "../readState/readStates";
import type { DiscussionRow } from "./discussionRows";
import {
  loadUserDiscussionStates,
  memberDiscussionFields,
  presentDiscussions,
  type MemberDiscussionFields,
} from "./discussionsPresenter";
import { listDiscussions } from "./discussionsQueries";
import { currentContentLocale } from "@library/server/translations/readerLocale";

/**
 * `GET /discussions` for signed-in members, made once for every member with the same roles (the rows their
 * categories allow, presented, with the add-ons' fields) and reused for `sharedPageSeconds`; each request reads
 * only the member's own state of those discussions (bookmark, read position, mute, dismiss) and puts it in.
 * Lists that depend on the member themselves (followed categories, unread only, their dismissed announcements
 * leading, their reactions) are made for them alone.
 */
interface SharedList {
  rows: DiscussionRow[];
  /**
   * Each discussion as JSON with absolute links, without the member's own fields and its closing brace, encoded
   * once: a member's answer is these with their fields appended (an object's key order means nothing in JSON),
   * copied as bytes, so no request encodes the shared text again.
   */
  openJson: Buffer[];
  /** Hash of the shared JSON, for the ETag. */
  hash: string;
  /** The paging headers of the list's URL (the cache key holds the URL and origin they are made of). */
  pagingHeaders: Record<string, string>;
}

function openJsonOf(discussion: Discussion, origin: string): Buffer {
  const shared: Record<string, unknown> = { ...(absolutizeLinks(discussion, origin) as Discussion) };
  for (const field of MEMBER_FIELDS) delete shared[field];
  return Buffer.from(JSON.stringify(shared).slice(0, -1));
}

const OPEN_ARRAY = Buffer.from("[");
const CLOSE_ARRAY = Buffer.from("]");
const COMMA = Buffer.from(",");

/** Every field of MemberDiscussionFields (a record, so a field added there must be named here). */
const MEMBER_FIELD_NAMES: Record<keyof MemberDiscussionFields, true> = {
  bookmarked: true,
  unread: true,
  countUnread: true,
  dateLastViewed: true,
  dismissed: true,
  muted: true,
};
const MEMBER_FIELDS = Object.keys(MEMBER_FIELD_NAMES) as (keyof MemberDiscussionFields)[];

const LIMITS = { maxEntries: 500, maxBytes: 16 * 1024 * 1024 };
const caches = new WeakMap<object, SharedCache<SharedList>>();

function dependsOnTheMember(query: DiscussionListQuery): boolean {
  const expand = query.expand ?? [];
  return (
    query.followed === true ||
    query.readState !== undefined ||
    query.pinOrder === "first" ||
    expand.includes("reactions") ||
    expand.includes("all")
  );
}

/** `,"bookmarked":false,…}`: the member's fields as the end of a JSON object (written as JSON.stringify would). */
function closingFieldsJson(fields: MemberDiscussionFields): string {
  let json = "";
  for (const field of MEMBER_FIELDS) {
    const value = fields[field];
    json += `,"${field}":${typeof value === "string" ? JSON.stringify(value) : String(value)}`;
  }
  return `${json}}`;
}

const byID = (discussion: Discussion) => discussion.discussionID;

function sharedList(
  context: AppContext,
  request: FastifyRequest,
  query: DiscussionListQuery,
): Promise<SharedList> {
  const origin = siteOrigin(request, context.config.siteUrl);
  return sharedCacheFor(caches, context, LIMITS).getOrMake(
    // Category names in the list are in the reader's language (translations).
    `${origin}${request.url}|${rolesKey(request.viewer)}|${currentContentLocale()?.locale ?? ""}`,
    sharedPageTerms(context, request.viewer),
    async () => {
      const viewer = sharedViewerFor(request.viewer);
      const { rows, tree, page, limit, total } = await listDiscussions(context, viewer, query);
      const discussions = await context.recordExtenders.extend(
        "discussion",
        await presentDiscussions(context.db, viewer, tree, rows, {
          ...(query.expand ? { expand: query.expand } : {}),
          ...(query.excerptLength ? { excerptLength: query.excerptLength } : {}),
        }),
        byID,
        viewer,
        context,
      );
      const openJson = discussions.map((discussion) => openJsonOf(discussion, origin));
      const hash = createHash("sha1");
      for (const json of openJson) hash.update(json);
      const list: SharedList = {
        rows,
        openJson,
        hash: hash.digest("base64"),
        pagingHeaders: pagingHeaders(
          request,
          total !== undefined ? { page, limit, total } : { page, limit, count: rows.length },
          context.config.siteUrl,
        ),
      };
      return { value: list, bytes: openJson.reduce((sum, json) => sum + json.length, 0) };
    },
  );
}

/**
 * The list for this member from the shared one, as the JSON of the answer and its ETag, or null when it must be
 * made for them alone.
 */
export async function discussionListForMember(
  context: AppContext,
  request: FastifyRequest,
  query: DiscussionListQuery,
): Promise<{ json: Buffer; etag: string; pagingHeaders: Record<string, string> } | null> {
  const { viewer } = request;
  if (context.config.sharedPageSeconds <= 0 || viewer.isGuest || dependsOnTheMember(query)) return null;
  if (context.recordExtenders.hasPerMember("discussion")) return null;
  // A member an add-on lets see more (a group's discussions) gets a list of their own.
  if ((await discussionVisibility(context).forViewer(context, viewer)).key !== "") return null;
  const list = await sharedList(context, request, query);
  const ids = list.rows.map((row) => row.discussionID);
  const states = await loadUserDiscussionStates(context.db, viewer, ids);
  const readStates = await computeReadStates(
    context.db,
    viewer.userID,
    list.rows,
    states,
    await memberReadMarks(context, viewer),
  );
  // The member's fields close each discussion's object: `,"bookmarked":false,…}`. They are ASCII (booleans,
  // numbers, dates), so a part's length is its length in bytes: one encoding for all of them.
  const parts = ids.map((id) =>
    closingFieldsJson(memberDiscussionFields(states.get(id), readStates.get(id))),
  );
  const own = Buffer.from(parts.join(""), "latin1");
  const chunks: Buffer[] = [OPEN_ARRAY];
  let offset = 0;
  list.openJson.forEach((openJson, index) => {
    const length = parts[index]?.length ?? 0;
    if (index > 0) chunks.push(COMMA);
    chunks.push(openJson, own.subarray(offset, offset + length));
    offset += length;
  });
  chunks.push(CLOSE_ARRAY);
  const etag = `W/"${createHash("sha1").update(list.hash).update(own).digest("base64")}"`;
  return { json: Buffer.concat(chunks), etag, pagingHeaders: list.pagingHeaders };
}
