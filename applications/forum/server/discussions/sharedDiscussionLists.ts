import type { FastifyRequest } from "fastify";
import type { Discussion, DiscussionListQuery } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import type { PageInfo } from "@library/server/http/pagination";
import { sharedCacheFor, type SharedCache } from "@library/server/http/sharedCache";
import { rolesKey, sharedViewerFor } from "@library/server/permissions/sharedViewer";
import { absolutizeLinks } from "@library/server/http/absoluteLinks";
import { siteOrigin } from "@library/server/http/pagination";
import { createHash } from "node:crypto";
import { computeReadStates } from "../readState/readStates";
import type { DiscussionRow } from "./discussionRows";
import {
  loadUserDiscussionStates,
  memberDiscussionFields,
  presentDiscussions,
  type MemberDiscussionFields,
} from "./discussionsPresenter";
import { listDiscussions } from "./discussionsQueries";

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
   * Each discussion as JSON with absolute links, without the member's own fields and its closing brace: a
   * member's answer is these with their fields appended (an object's key order means nothing in JSON).
   */
  openJson: string[];
  /** Hash of the shared JSON, for the ETag. */
  hash: string;
  paging: PageInfo;
}

function openJsonOf(discussion: Discussion, origin: string): string {
  const shared: Record<string, unknown> = { ...(absolutizeLinks(discussion, origin) as Discussion) };
  for (const field of MEMBER_FIELDS) delete shared[field];
  const json = JSON.stringify(shared);
  return json.slice(0, -1);
}

const MEMBER_FIELDS: readonly (keyof MemberDiscussionFields)[] = [
  "bookmarked",
  "unread",
  "countUnread",
  "dateLastViewed",
  "dismissed",
  "muted",
];

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

const byID = (discussion: Discussion) => discussion.discussionID;

function sharedList(
  context: AppContext,
  request: FastifyRequest,
  query: DiscussionListQuery,
): Promise<SharedList> {
  const origin = siteOrigin(request, context.config.siteUrl);
  return sharedCacheFor(caches, context, LIMITS).getOrMake(
    `${origin}${request.url}|${rolesKey(request.viewer)}`,
    {
      seconds: context.config.sharedPageSeconds,
      generation: () => context.guestCache.currentVersion,
      grants: request.viewer.grantSnapshot,
    },
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
        paging: total !== undefined ? { page, limit, total } : { page, limit, count: rows.length },
      };
      return { value: list, bytes: openJson.reduce((sum, json) => sum + json.length * 2, 0) };
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
): Promise<{ json: string; etag: string; paging: PageInfo } | null> {
  const { viewer } = request;
  if (context.config.sharedPageSeconds <= 0 || viewer.isGuest || dependsOnTheMember(query)) return null;
  if (context.recordExtenders.hasPerMember("discussion")) return null;
  const list = await sharedList(context, request, query);
  const ids = list.rows.map((row) => row.discussionID);
  const states = await loadUserDiscussionStates(context.db, viewer, ids);
  const readStates = await computeReadStates(context.db, viewer.userID, list.rows, states);
  let own = "";
  const items = list.openJson.map((openJson, index) => {
    const id = ids[index] ?? 0;
    const json = JSON.stringify(memberDiscussionFields(states.get(id), readStates.get(id)));
    own += json;
    return `${openJson},${json.slice(1)}`;
  });
  const etag = `W/"${createHash("sha1").update(list.hash).update(own).digest("base64")}"`;
  return { json: `[${items.join(",")}]`, etag, paging: list.paging };
}
