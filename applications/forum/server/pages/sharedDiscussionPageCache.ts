import type { FastifyRequest } from "fastify";
import type { Comment } from "@forum/api/comments";
import type { ReplyDisplay } from "@forum/api/categories";
import type { LayoutNode } from "@forum/api/widgetProps";
import type { AppContext } from "@library/server/app/appContext";
import {
  memberStateTerms,
  type SharedCache,
  sharedCacheFor,
  sharedPageTerms,
} from "@library/server/http/sharedCache";
import { ContentDigest } from "@library/server/http/contentDigest";
import { sectionBasePath, withSectionLinks } from "@library/server/http/siteSections";
import { renderPageTreeSegments, type PageTreeSegments } from "@library/server/pages/pageTreeHtml";
import type { Viewer } from "@library/server/permissions/viewer";
import { sharedViewerFor } from "@library/server/permissions/sharedViewer";
import { getDiscussionRow, type DiscussionRow } from "../discussions/discussionRows";
import { getReplyDisplayPreference } from "../comments/replyDisplay";
import { pageTreeRequest } from "../pageTrees/builtPage";
import { buildDiscussionPageParts, type DiscussionPageArgs } from "../pageTrees/discussionPageTree";
import { forumNodeHtml } from "../pageTrees/forumNodeHtml";
import type { ReadingPage } from "../readState/discussionReading";

/**
 * The shared part of a member's discussion page: rendered once for every member with the same roles (posts,
 * counts, what their roles allow), with holes where the member overlay writes each member's own widgets. Kept
 * `sharedPageSeconds` on the public terms of the cache layer: a write that changed anything public, in this
 * process or another, retires it before its answer leaves.
 */
export interface SharedDiscussionPage {
  rendered: PageTreeSegments;
  /** Hash of the shared HTML: the page's ETag is this and the request's own pieces hashed together. */
  hash: string;
  layoutViewType: string;
  title: string;
  description: string | undefined;
  canonicalPath: string;
  /** The page as read-state needs it: its posts without their bodies (the rendering holds those). */
  reading: ReadingPage;
  /** The page's comments (bodies left out) by id: the member overlay decides on the member's own. */
  comments: ReadonlyMap<number, Comment>;
  /** The member widgets' HTML as written for a state (by hole and key), shared by members in that state. */
  variants: Map<string, Buffer>;
  /** The first unread comments found for readers of this page, by their index in date order. */
  unreadAt: Map<number, number | undefined>;
}

/** Pages kept for members: about 50 busy discussion pages per set of roles fit. */
const LIMITS = { maxEntries: 300, maxBytes: 16 * 1024 * 1024 };

const pages = new WeakMap<object, SharedCache<SharedDiscussionPage>>();
const rowCaches = new WeakMap<object, SharedCache<DiscussionRow | undefined>>();
const replyDisplayCaches = new WeakMap<object, SharedCache<ReplyDisplay | null>>();

/**
 * What a kept page holds of its reading and comments: the fields of a ReadingPage only (the page's view also
 * carries every widget's props, and each member's request copies the reading), and the posts without their
 * bodies (the rendering has them). Kept pages are promoted to the old generation; this holds the heap 1.2 MB
 * lower (70.0 against 71.2 MB after 3,000 member pages in process).
 */
function keptParts(
  reading: ReadingPage,
  comments: readonly Comment[],
): { reading: ReadingPage; comments: Map<number, Comment> } {
  const byID = new Map(comments.map(({ body: _body, ...comment }) => [comment.commentID, comment]));
  const { body: _discussionBody, ...discussion } = reading.discussion;
  return {
    reading: {
      discussion,
      comments: reading.comments.map(({ body: _body, ...comment }) => byID.get(comment.commentID) ?? comment),
      page: reading.page,
      limit: reading.limit,
      sort: reading.sort,
      totalComments: reading.totalComments,
      basePath: reading.basePath,
    },
    comments: byID,
  };
}

async function makeSharedPage(
  context: AppContext,
  request: FastifyRequest,
  args: DiscussionPageArgs,
  isMemberHole: (node: LayoutNode) => boolean,
  kept: boolean,
): Promise<{ value: SharedDiscussionPage; bytes: number }> {
  const viewer = sharedViewerFor(request.viewer);
  const { built, reading, comments } = await buildDiscussionPageParts(
    context,
    { ...pageTreeRequest(context, request), viewer },
    // Object.assign, not a leading spread with a new field: docs/performance.md.
    Object.assign({}, args, { unreadPlaceholder: true }),
  );
  const rendered = renderPageTreeSegments(
    // A section's pages link inside it (`/fr/…`); the page's key holds the section.
    withSectionLinks(built.layout.layout, sectionBasePath(request)),
    forumNodeHtml,
    { t: request.t, viewer },
    isMemberHole,
  );
  // Only a page that stays is slimmed for the old generation; one made for this request alone is used as read.
  const parts = kept
    ? keptParts(reading, comments)
    : { reading, comments: new Map(comments.map((comment) => [comment.commentID, comment])) };
  const hash = new ContentDigest();
  for (const part of [...rendered.segments, ...rendered.holes.map((hole) => hole.html)]) hash.update(part);
  const page: SharedDiscussionPage = {
    rendered,
    hash: hash.digest(),
    layoutViewType: built.layout.layoutViewType,
    title: built.layout.title ?? "",
    description: built.description,
    canonicalPath: built.canonicalPath,
    reading: parts.reading,
    comments: parts.comments,
    variants: new Map(),
    unreadAt: new Map(),
  };
  return { value: page, bytes: rendered.bytes };
}

/** The shared part of the page for this key (discussion, page, sort, display, origin, roles), kept or made now. */
export function sharedDiscussionPage(
  context: AppContext,
  request: FastifyRequest,
  args: DiscussionPageArgs,
  key: string,
  isMemberHole: (node: LayoutNode) => boolean,
): Promise<SharedDiscussionPage> {
  return sharedCacheFor(pages, context, LIMITS, "askedAgain").getOrMake(
    key,
    sharedPageTerms(context, request.viewer),
    (kept) => makeSharedPage(context, request, args, isMemberHole, kept),
  );
}

/** Whether this request's page may come from the shared rendering (a member's, the feature on). */
export function mayShareDiscussionPage(context: AppContext, request: FastifyRequest): boolean {
  return context.config.sharedPageSeconds > 0 && !request.viewer.isGuest && !request.bearerAuth;
}

/**
 * The discussion row of a member's discussion page: read once for all members while the shared pages are kept
 * (every member's page of a busy discussion reads the same row), frozen so no caller changes it for the others.
 */
export function discussionRowForPage(
  context: AppContext,
  request: FastifyRequest,
  discussionID: number,
): Promise<DiscussionRow | undefined> {
  if (!mayShareDiscussionPage(context, request)) return getDiscussionRow(context.db, discussionID);
  return sharedCacheFor(rowCaches, context, { maxEntries: 2000, maxBytes: 16 * 1024 * 1024 }).getOrMake(
    String(discussionID),
    sharedPageTerms(context, request.viewer),
    async () => {
      const row = await getDiscussionRow(context.db, discussionID);
      const bytes = Object.values(row ?? {}).reduce<number>(
        (sum, value) => sum + (typeof value === "string" ? value.length * 2 : 8),
        64,
      );
      return { value: row && Object.freeze(row), bytes };
    },
  );
}

/** The member's stored flat/threaded choice, kept with their own state (storing a new one is a write). */
export function storedReplyDisplay(context: AppContext, viewer: Viewer): Promise<ReplyDisplay | null> {
  return sharedCacheFor(replyDisplayCaches, context, { maxEntries: 10_000, maxBytes: 1024 * 1024 }).getOrMake(
    String(viewer.userID),
    memberStateTerms(context, viewer),
    async () => ({ value: await getReplyDisplayPreference(context.db, viewer.userID), bytes: 64 }),
  );
}
