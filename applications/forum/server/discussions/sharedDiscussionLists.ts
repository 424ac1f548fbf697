import { mayAnswerByRoles } from "@library/server/addons/sharedByRoles";
import type { FastifyRequest } from "fastify";
import type { Discussion, DiscussionListQuery } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import { sharedCacheFor, sharedPageTerms, type SharedCache } from "@library/server/http/sharedCache";
import { rolesKey, sharedViewerFor } from "@library/server/permissions/sharedViewer";
import { absolutizeLinks } from "@library/server/http/absoluteLinks";
import { pagingHeaders, siteOrigin } from "@library/server/http/pagination";
import { ContentDigest } from "@library/server/http/contentDigest";
import { COMPRESSION_THRESHOLD_BYTES, takesGzip } from "@library/server/http/compression";
import { compressAroundHoles, fillGzipTemplate, type GzipTemplate } from "@library/server/http/gzipTemplate";
import type { MadeJson } from "@library/server/http/madeJson";
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
  /**
   * The list's gzip compressed once around a hole per discussion where the member's fields go, padded to
   * MEMBER_FIELDS_WIDTH (null for a list too short to compress or that cannot be cut so): a member's gzip answer is
   * this with their fields put in, no compression per request. Made when a second client that takes gzip asks
   * (about 3 ms for 30 discussions): a list retired by a write before that never pays for it.
   */
  gzip?: GzipTemplate | null;
  /** How many answers in gzip were asked of this list before its template was made. */
  gzipAsks: number;
}

/** The kept bytes counted for a list's gzip template, made later: the compressed list is about a sixth of it. */
const GZIP_TEMPLATE_SHARE = 1 / 4;

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

/**
 * Each member field's room in the gzip answer, in characters of JSON: its value padded with spaces to this width
 * (JSON allows spaces after a value), so every discussion's fields take the same bytes and the list can be
 * compressed once around them. A value that does not fit (a count past twelve digits) makes the answer the
 * usual way.
 */
const FIELD_ROOM: Record<keyof MemberDiscussionFields, number> = {
  bookmarked: 5,
  unread: 5,
  countUnread: 12,
  // `"2026-11-30T23:47:13+00:00"` with room for fractions of a second.
  dateLastViewed: 34,
  dismissed: 5,
  muted: 5,
};
/** `,"name":` and the field's room for each field, then `}`. */
const MEMBER_FIELDS_WIDTH =
  MEMBER_FIELDS.reduce((sum, field) => sum + field.length + 4 + FIELD_ROOM[field], 0) + 1;

/** One discussion's padded fields with every value blank: the names in place, spaces in the rooms, then `}`. */
const BLANK_FIELDS = Buffer.from(
  `${MEMBER_FIELDS.map((field) => `,"${field}":${" ".repeat(FIELD_ROOM[field])}`).join("")}}`,
  "latin1",
);
/** Where each field's value starts in BLANK_FIELDS. */
const VALUE_OFFSETS = MEMBER_FIELDS.map((field) => BLANK_FIELDS.indexOf(`"${field}":`) + field.length + 3);

/**
 * Every discussion's member fields as closingFieldsJson writes them, each value padded to its room, one
 * discussion after the other (null when a value does not fit or is not plain ASCII).
 */
function paddedFields(all: readonly MemberDiscussionFields[]): Buffer | null {
  const out = Buffer.allocUnsafe(all.length * MEMBER_FIELDS_WIDTH);
  for (let index = 0; index < all.length; index += 1) {
    const at = index * MEMBER_FIELDS_WIDTH;
    BLANK_FIELDS.copy(out, at);
    const fields = all[index]!;
    for (let field = 0; field < MEMBER_FIELDS.length; field += 1) {
      const name = MEMBER_FIELDS[field]!;
      const value = fields[name];
      const written =
        typeof value === "boolean"
          ? value
            ? "true"
            : "false"
          : typeof value === "number"
            ? String(value)
            : value === null
              ? "null"
              : typeof value === "string"
                ? JSON.stringify(value)
                : null;
      if (written === null || written.length > FIELD_ROOM[name]) return null;
      const start = at + VALUE_OFFSETS[field]!;
      for (let char = 0; char < written.length; char += 1) {
        const code = written.charCodeAt(char);
        if (code < 0x20 || code > 0x7e) return null;
        out[start + char] = code;
      }
    }
  }
  return out;
}

/** The list's JSON around a hole per discussion, compressed once (null for a list below the compression threshold). */
function gzipTemplateOf(openJson: readonly Buffer[]): GzipTemplate | null {
  const shared = openJson.reduce((sum, json) => sum + json.length, 0);
  if (openJson.length === 0 || shared < COMPRESSION_THRESHOLD_BYTES) return null;
  return compressAroundHoles(
    [...openJson.map((json, index) => [index === 0 ? OPEN_ARRAY : COMMA, json]), [CLOSE_ARRAY]],
    MEMBER_FIELDS_WIDTH,
  );
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
      const hash = new ContentDigest();
      for (const json of openJson) hash.update(json);
      const list: SharedList = {
        rows,
        openJson,
        hash: hash.digest(),
        pagingHeaders: pagingHeaders(
          request,
          total !== undefined ? { page, limit, total } : { page, limit, count: rows.length },
          context.config.siteUrl,
        ),
        gzipAsks: 0,
      };
      return {
        value: list,
        bytes: Math.ceil(openJson.reduce((sum, json) => sum + json.length, 0) * (1 + GZIP_TEMPLATE_SHARE)),
      };
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
): Promise<MadeJson | null> {
  const { viewer } = request;
  if (dependsOnTheMember(query) || !(await mayAnswerByRoles(context, viewer, "discussion"))) return null;
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
  const fields = ids.map((id) => memberDiscussionFields(states.get(id), readStates.get(id)));
  const etagOf = (own: Buffer) => `W/"${new ContentDigest().update(list.hash).update(own).digest()}"`;
  const gzipped = takesGzip(request);
  if (gzipped && list.gzip === undefined && (list.gzipAsks += 1) >= 2)
    list.gzip = gzipTemplateOf(list.openJson);
  if (gzipped && list.gzip) {
    // The same fields, each in its room, put into the list compressed once: the same JSON but for spaces.
    const padded = paddedFields(fields);
    const gzip = padded && fillGzipTemplate(list.gzip, padded);
    if (gzip)
      return { body: gzip, encoding: "gzip", etag: etagOf(padded), pagingHeaders: list.pagingHeaders };
  }
  // The member's fields close each discussion's object: `,"bookmarked":false,…}`. They are ASCII (booleans,
  // numbers, dates), so a part's length is its length in bytes: one encoding for all of them.
  const parts = fields.map(closingFieldsJson);
  const own = Buffer.from(parts.join(""), "latin1");
  const etag = etagOf(own);
  const chunks: Buffer[] = [OPEN_ARRAY];
  let offset = 0;
  list.openJson.forEach((openJson, index) => {
    const length = parts[index]?.length ?? 0;
    if (index > 0) chunks.push(COMMA);
    chunks.push(openJson, own.subarray(offset, offset + length));
    offset += length;
  });
  chunks.push(CLOSE_ARRAY);
  return { body: Buffer.concat(chunks), encoding: "identity", etag, pagingHeaders: list.pagingHeaders };
}
