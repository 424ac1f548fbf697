import type { FastifyReply, FastifyRequest } from "fastify";
import type { CommentListQuery } from "@forum/api/comments";
import { mayAnswerByRoles } from "@library/server/addons/sharedByRoles";
import type { AppContext } from "@library/server/app/appContext";
import { ownSizedBuffer } from "@library/server/cache/keptBytes";
import { absolutizeLinks } from "@library/server/http/absoluteLinks";
import { belowCompressionThreshold, compressBody } from "@library/server/http/compression";
import { contentDigest } from "@library/server/http/contentDigest";
import type { MadeJson } from "@library/server/http/madeJson";
import { pagingHeaders, siteOrigin } from "@library/server/http/pagination";
import { sharedCacheFor, sharedPageTerms, type SharedCache } from "@library/server/http/sharedCache";
import { rolesKey, sharedViewerFor } from "@library/server/permissions/sharedViewer";
import { currentContentLocale } from "@library/server/translations/readerLocale";
import { presentCommentList } from "./commentList";

/**
 * `GET /comments?discussionID=…` for signed-in members, made once for every member with the same roles and reused
 * for `sharedPageSeconds`: a page of a discussion's comments holds nothing of the member who reads it unless it
 * asks for their reactions or report counts, so one answer (its JSON, its ETag, its paging headers) serves them
 * all, compressed once in the encoding each client takes. Retired like the shared discussion pages and lists: by
 * any public write, here or in another process, and by a change of grants.
 *
 * The answer is its JSON compressed in the encoding of its key (or not, below the threshold), with a weak
 * validator of the JSON, the same in every encoding.
 */
export type SharedCommentPage = MadeJson;

/** Pages of comments are a few kilobytes compressed: many fit, and one outlives its seconds only in a busy thread. */
const LIMITS = { maxEntries: 4000, maxBytes: 8 * 1024 * 1024 };
const caches = new WeakMap<object, SharedCache<SharedCommentPage>>();

/** A page that names the member (their reactions, what they may see of reports) or does not name one discussion. */
function dependsOnTheMember(query: CommentListQuery): boolean {
  if ((query.discussionID ?? query.parentRecordID) === undefined || query.insertUserID !== undefined)
    return true;
  const expand = query.expand ?? [];
  return expand.includes("reactions") || expand.includes("reportMeta") || expand.includes("all");
}

async function makePage(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  query: CommentListQuery,
  origin: string,
): Promise<{ value: SharedCommentPage; bytes: number }> {
  const { comments, paging } = await presentCommentList(context, sharedViewerFor(request.viewer), query);
  // The route's own serializer (its response schema), after the links are made absolute as for every API answer:
  // the same bytes the member's own answer would have.
  const json = Buffer.from(reply.serialize(absolutizeLinks(comments, origin)) as string);
  const encoding = belowCompressionThreshold(json) ? "identity" : request.contentEncoding;
  // Kept in a block of its own size: zlib's answer is a view of its 16 KB output chunk, a short JSON a piece of
  // the shared 8 KB pool.
  const body = ownSizedBuffer(encoding === "identity" ? json : compressBody(json, encoding));
  const value: SharedCommentPage = {
    body,
    encoding,
    etag: `W/"${contentDigest(json)}"`,
    pagingHeaders: pagingHeaders(request, paging, context.config.siteUrl),
  };
  return { value, bytes: body.length + 512 };
}

/**
 * The page of comments for this member from the one shared by their roles, or null when it must be made for them
 * alone (a page that depends on them, an add-on that adds their own fields or lets them see more, an error: the
 * member's own request then answers it).
 */
export async function commentPageForMember(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  query: CommentListQuery,
): Promise<SharedCommentPage | null> {
  const { viewer } = request;
  if (dependsOnTheMember(query) || !(await mayAnswerByRoles(context, viewer, "comment"))) return null;
  const origin = siteOrigin(request, context.config.siteUrl);
  const key = `${origin}${request.url}|${rolesKey(viewer)}|${currentContentLocale()?.locale ?? ""}|${request.contentEncoding}`;
  try {
    return await sharedCacheFor(caches, context, LIMITS).getOrMake(
      key,
      sharedPageTerms(context, viewer),
      () => makePage(context, request, reply, query, origin),
    );
  } catch {
    // What the roles may not see (a missing or hidden discussion, a bad page): the member's own request says so
    // in its own words.
    return null;
  }
}
