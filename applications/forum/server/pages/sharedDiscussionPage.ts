import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { DiscussionOptionsMenuProps, LayoutNode } from "@forum/api/widgetProps";
import type { AppContext } from "@library/server/app/appContext";
import { executeCompiledOnce } from "@library/server/db/compiledOnce";
import { html } from "@library/server/pages/html";
import {
  fillPageTreeHoles,
  renderPageTreeSegments,
  type HoleFill,
  type PageTreeSegments,
} from "@library/server/pages/pageTreeHtml";
import type { Viewer } from "@library/server/permissions/viewer";
import { rolesKey, sharedViewerFor } from "@library/server/permissions/sharedViewer";
import { type SharedCache, sharedCacheFor, sharedPageTerms } from "@library/server/http/sharedCache";
import { loadUserDiscussionStates, memberDiscussionFields } from "../discussions/discussionsPresenter";
import { getDiscussionRow, type DiscussionRow } from "../discussions/discussionRows";
import { pageTreeRequest } from "../pageTrees/builtPage";
import { buildDiscussionPageParts, type DiscussionPageArgs } from "../pageTrees/discussionPageTree";
import { forumNodeHtml } from "../pageTrees/forumNodeHtml";
import { getCategoryTree } from "../categories/categoryTree";
import { commentPermissions, discussionPermissions } from "./postPermissions";
import { discussionOptionsFor } from "./discussionView";
import type { ReplyDisplay } from "@forum/api/categories";
import { getReplyDisplayPreference, resolveReplyDisplay } from "../comments/replyDisplay";
import {
  findFirstUnread,
  recordReading,
  type FirstUnread,
  type ReadingPage,
} from "../readState/discussionReading";
import { computeReadStates, memberReadMarks } from "../readState/readStates";

/**
 * A discussion page rendered once for every member with the same roles (the shared part: posts, counts, what
 * their roles allow), and per request only what is one member's own: their reactions, bookmark, mute and
 * dismiss state, the link to their first unread comment, what they may do with their own posts (the title bar
 * and bootstrap are the request's own anyway). A member whose first unread comment is on the page (the thread
 * marks it) gets the page rendered for them alone. Entries live `sharedPageSeconds` and every write of this
 * process retires them (the guest cache's generation), so an acknowledged write is on the next page a member
 * loads.
 */

/** The widgets that carry one member's state: written per request from the shared props. */
const MEMBER_WIDGETS = new Set<string>([
  "ReactionsBar",
  "BookmarkToggle",
  "DiscussionOptionsMenu",
  "JumpToUnread",
  "PostActions",
]);

/** One discussion page as every member with the same roles sees it. */
interface SharedEntry {
  rendered: PageTreeSegments;
  /** Hash of the shared HTML: the page's ETag is this and the request's own pieces hashed together. */
  hash: string;
  layoutViewType: string;
  title: string;
  description: string | undefined;
  canonicalPath: string;
  reading: ReadingPage;
  comments: ReadonlyMap<number, Comment>;
  /** The member widgets' HTML as written for a state (by hole and key), shared by members in that state. */
  variants: Map<string, Buffer>;
  /** The first unread comments found for readers of this page, by their index in date order. */
  unreadAt: Map<number, number | undefined>;
}

/** Pages kept for members: about 50 busy discussion pages per set of roles fit. */
const LIMITS = { maxEntries: 300, maxBytes: 16 * 1024 * 1024 };

const caches = new WeakMap<object, SharedCache<SharedEntry>>();

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("base64");
}

/** The member's reactions on the page's posts, by `recordType:recordID`. */
async function memberReactions(
  context: AppContext,
  userID: number,
  reading: ReadingPage,
): Promise<Map<string, Set<number>>> {
  const commentIDs = reading.comments.map((comment) => comment.commentID);
  const { discussionID } = reading.discussion;
  const rows = await executeCompiledOnce(
    context.db,
    `memberReactions:${commentIDs.length}`,
    () =>
      context.db
        .selectFrom("reactions")
        .select(["recordType", "recordID", "tagID"])
        .where("userID", "=", userID)
        .where((eb) =>
          eb.or([
            eb.and([eb("recordType", "=", "discussion"), eb("recordID", "=", discussionID)]),
            ...(commentIDs.length > 0
              ? [eb.and([eb("recordType", "=", "comment"), eb("recordID", "in", commentIDs)])]
              : []),
          ]),
        ),
    [userID, "discussion", discussionID, ...(commentIDs.length > 0 ? ["comment", ...commentIDs] : [])],
  );
  const reacted = new Map<string, Set<number>>();
  for (const row of rows) {
    const key = `${row.recordType}:${row.recordID}`;
    const tags = reacted.get(key) ?? new Set<number>();
    tags.add(row.tagID);
    reacted.set(key, tags);
  }
  return reacted;
}

interface MemberState {
  viewer: Viewer;
  discussion: Discussion;
  comments: ReadonlyMap<number, Comment>;
  editTimeout: number;
  /** The options menu of the member's own discussion (what authors may do to their own). */
  ownOptions: DiscussionOptionsMenuProps | null;
  reacted: Map<string, Set<number>>;
  firstUnread: FirstUnread | null;
}

/**
 * A member widget's hole for this member: as rendered for all, or the variant of their state (a key that fixes
 * the widget's HTML on this page, and how to make its node: null shows nothing).
 */
function memberHole(hole: LayoutNode, state: MemberState): HoleFill {
  switch (hole.$reactComponent) {
    case "JumpToUnread": {
      const { firstUnread } = state;
      if (!firstUnread) return { key: "none", node: () => null };
      return {
        key: `${firstUnread.url}|${firstUnread.countUnread}`,
        node: () => ({
          ...hole,
          $reactProps: { url: firstUnread.url, countUnread: firstUnread.countUnread },
        }),
      };
    }
    case "ReactionsBar": {
      const props = hole.$reactProps;
      const mine = state.reacted.get(`${props.recordType}:${props.recordID}`);
      if (!mine) return "shared";
      return {
        key: [...mine].sort((a, b) => a - b).join(","),
        node: () => ({
          ...hole,
          $reactProps: {
            ...props,
            reactions: props.reactions.map((item) => ({ ...item, hasReacted: mine.has(item.tagID) })),
          },
        }),
      };
    }
    case "BookmarkToggle": {
      const props = hole.$reactProps;
      const bookmarked = state.discussion.bookmarked;
      return {
        key: String(bookmarked),
        node: () => ({ ...hole, $reactProps: { ...props, bookmarked } }),
      };
    }
    case "PostActions": {
      const props = hole.$reactProps;
      if (props.insertUser.userID !== state.viewer.userID) return "shared";
      // The member's own post: what an author may do with it, now (editing ends after a while).
      const comment = props.recordType === "comment" ? state.comments.get(props.recordID) : undefined;
      const own =
        props.recordType === "discussion"
          ? discussionPermissions(state.viewer, state.discussion, state.editTimeout)
          : comment && commentPermissions(state.viewer, state.discussion, comment, state.editTimeout);
      if (!own) return "shared";
      return {
        key: `${state.viewer.userID}|${JSON.stringify(own)}`,
        node: () => ({
          ...hole,
          $reactProps: {
            ...props,
            ...own,
            ...(props.report && { report: { ...props.report, canReport: false } }),
          },
        }),
      };
    }
    case "DiscussionOptionsMenu": {
      const props = hole.$reactProps;
      const { ownOptions } = state;
      if (state.discussion.insertUserID === state.viewer.userID)
        return ownOptions
          ? {
              key: `own|${state.viewer.userID}|${JSON.stringify(ownOptions)}`,
              node: () => ({ ...hole, $reactProps: ownOptions }),
            }
          : { key: "none", node: () => null };
      const muted = state.discussion.muted ?? false;
      const dismissed = state.discussion.dismissed ?? false;
      return {
        key: `${muted}|${dismissed}`,
        node: () => ({
          ...hole,
          $reactProps: { ...props, discussion: { ...props.discussion, muted, dismissed } },
        }),
      };
    }
    default:
      return "shared";
  }
}

async function makeSharedEntry(
  context: AppContext,
  request: FastifyRequest,
  args: DiscussionPageArgs,
): Promise<{ value: SharedEntry; bytes: number }> {
  const viewer = sharedViewerFor(request.viewer);
  const { built, reading, comments } = await buildDiscussionPageParts(
    context,
    { ...pageTreeRequest(context, request), viewer },
    { ...args, unreadPlaceholder: true },
  );
  const rendered = renderPageTreeSegments(
    built.layout.layout,
    forumNodeHtml,
    { t: request.t, viewer },
    (node) => MEMBER_WIDGETS.has(node.$reactComponent),
  );
  const hash = createHash("sha1");
  for (const part of [...rendered.segments, ...rendered.holes.map((hole) => hole.html)]) hash.update(part);
  const entry: SharedEntry = {
    rendered,
    hash: hash.digest("base64"),
    layoutViewType: built.layout.layoutViewType,
    title: built.layout.title ?? "",
    description: built.description,
    canonicalPath: built.canonicalPath,
    reading,
    comments: new Map(comments.map((comment) => [comment.commentID, comment])),
    variants: new Map(),
    unreadAt: new Map(),
  };
  return { value: entry, bytes: rendered.bytes };
}

function sharedEntry(
  context: AppContext,
  request: FastifyRequest,
  args: DiscussionPageArgs,
  key: string,
): Promise<SharedEntry> {
  return sharedCacheFor(caches, context, LIMITS).getOrMake(
    key,
    sharedPageTerms(context, request.viewer),
    () => makeSharedEntry(context, request, args),
  );
}

/** Whether this request's page may come from the shared rendering (a member's, the feature on). */
function mayShare(context: AppContext, request: FastifyRequest): boolean {
  return context.config.sharedPageSeconds > 0 && !request.viewer.isGuest && !request.bearerAuth;
}

const rowCaches = new WeakMap<object, SharedCache<DiscussionRow | undefined>>();
const replyDisplayCaches = new WeakMap<object, SharedCache<ReplyDisplay | null>>();

/**
 * The discussion row of a member's discussion page: read once for all members while the shared pages are kept
 * (every member's page of a busy discussion reads the same row), frozen so no caller changes it for the others.
 */
export function discussionRowForPage(
  context: AppContext,
  request: FastifyRequest,
  discussionID: number,
): Promise<DiscussionRow | undefined> {
  if (!mayShare(context, request)) return getDiscussionRow(context.db, discussionID);
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

/** The member's stored flat/threaded choice, kept like the pages (storing a new one is a write). */
function storedReplyDisplay(context: AppContext, viewer: Viewer): Promise<ReplyDisplay | null> {
  return sharedCacheFor(replyDisplayCaches, context, { maxEntries: 10_000, maxBytes: 1024 * 1024 }).getOrMake(
    String(viewer.userID),
    sharedPageTerms(context, viewer),
    async () => ({ value: await getReplyDisplayPreference(context.db, viewer.userID), bytes: 64 }),
  );
}

/**
 * Sends the discussion page to a signed-in member from the shared rendering: false (nothing sent) when this
 * request needs a page of its own (a guest, a first unread comment on this page, the feature off). A boolean,
 * not the reply: a reply is thenable and awaiting it would wait for the response to finish.
 */
export async function sendSharedDiscussionPage(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  pageArgs: DiscussionPageArgs & { row: DiscussionRow },
): Promise<boolean> {
  const { viewer } = request;
  if (!mayShare(context, request)) return false;
  if (pageArgs.focusCommentID !== undefined || context.pageSlots.hasPerMemberWidgets()) return false;
  const display = await resolveReplyDisplay(
    context.db,
    viewer,
    await getCategoryTree(context.db),
    pageArgs.row.categoryID,
    { requested: pageArgs.replyDisplay, stored: await storedReplyDisplay(context, viewer) },
  );
  const args = { ...pageArgs, display };
  const origin = pageTreeRequest(context, request).origin;
  const key = [
    args.discussionID,
    args.page,
    args.sort,
    args.replyDisplay ?? "",
    display,
    origin,
    rolesKey(viewer),
  ].join("|");
  const entry = await sharedEntry(context, request, args, key);
  // The member's own reads, side by side (on PostgreSQL each is a round trip).
  const [{ states, readStates }, reacted] = await Promise.all([
    loadUserDiscussionStates(context.db, viewer, [args.discussionID]).then(async (states) => ({
      states,
      readStates: await computeReadStates(
        context.db,
        viewer.userID,
        [args.row],
        states,
        await memberReadMarks(context, viewer),
      ),
    })),
    memberReactions(context, viewer.userID, entry.reading),
  ]);
  const reading: ReadingPage = {
    ...entry.reading,
    discussion: {
      ...entry.reading.discussion,
      ...memberDiscussionFields(states.get(args.discussionID), readStates.get(args.discussionID)),
    },
  };
  // The first unread comment on this very page is marked in the thread: that page is theirs alone.
  const firstUnread = await findFirstUnread(context, viewer, reading, entry.unreadAt);
  if (
    firstUnread &&
    (display === "threaded" || reading.comments.some((c) => c.commentID === firstUnread.commentID))
  )
    return false;
  const editTimeout = context.settings.peek<number>("ui.editContentTimeout");
  const memberState: MemberState = {
    viewer,
    discussion: reading.discussion,
    comments: entry.comments,
    editTimeout,
    ownOptions:
      reading.discussion.insertUserID === viewer.userID
        ? await discussionOptionsFor(
            context,
            viewer,
            reading.discussion,
            discussionPermissions(viewer, reading.discussion, editTimeout),
          )
        : null,
    firstUnread,
    reacted,
  };
  const content = fillPageTreeHoles(
    entry.rendered,
    forumNodeHtml,
    { t: request.t, viewer },
    (hole) => memberHole(hole, memberState),
    entry.variants,
  );
  recordReading(context, viewer, reading);
  const { before, after } = await context.pages.renderAround(request, {
    title: entry.title,
    description: entry.description,
    canonicalPath: entry.canonicalPath,
  });
  const open = html`<div class="layoutPage" data-layout-view-type="${entry.layoutViewType}">`.value;
  const page = Buffer.concat([Buffer.from(before + open), ...content.chunks, Buffer.from(`</div>${after}`)]);
  const etag = `W/"${sha1(`${entry.hash}\n${before}\n${content.changed}\n${after}\n${open}`)}"`;
  void context.pages.sendRendered(request, reply, page, { etag });
  return true;
}
