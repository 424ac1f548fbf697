import type { FastifyRequest } from "fastify";
import type { Comment } from "@forum/api/comments";
import type { Discussion } from "@forum/api/discussions";
import type { DiscussionOptionsMenuProps } from "@forum/api/widgetProps";
import type { AppContext } from "@library/server/app/appContext";
import { executeCompiledOnce } from "@library/server/db/compiledOnce";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadUserDiscussionStates, memberDiscussionFields } from "../discussions/discussionsPresenter";
import type { DiscussionRow } from "../discussions/discussionRows";
import { findFirstUnread, type FirstUnread, type ReadingPage } from "../readState/discussionReading";
import { computeReadStates, memberReadMarks } from "../readState/readStates";
import { discussionPermissions } from "../pageParts/postPermissions";
import { discussionOptionsFor } from "../pageParts/discussionView";
import type { SharedDiscussionPage } from "./sharedDiscussionPageCache";

/** What is one member's own on a shared discussion page: read per request, written by the member overlay. */
export interface DiscussionMemberState {
  viewer: Viewer;
  /** The page's reading with the member's own discussion fields (bookmark, mute, read position). */
  reading: ReadingPage;
  discussion: Discussion;
  comments: ReadonlyMap<number, Comment>;
  editTimeout: number;
  /** The options menu of the member's own discussion (what authors may do to their own). */
  ownOptions: DiscussionOptionsMenuProps | null;
  /** The member's reactions on the page's posts, by `recordType:recordID`. */
  reacted: Map<string, Set<number>>;
  firstUnread: FirstUnread | null;
}

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

/**
 * The member's own state on a shared page, or null when the page must be theirs alone: their first unread
 * comment is on this very page (the thread marks it), or the page is threaded and they have one.
 */
export async function loadDiscussionMemberState(
  context: AppContext,
  request: FastifyRequest,
  page: SharedDiscussionPage,
  args: { discussionID: number; row: DiscussionRow; display: string },
): Promise<DiscussionMemberState | null> {
  const { viewer } = request;
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
    memberReactions(context, viewer.userID, page.reading),
  ]);
  const reading: ReadingPage = {
    ...page.reading,
    discussion: {
      ...page.reading.discussion,
      ...memberDiscussionFields(states.get(args.discussionID), readStates.get(args.discussionID)),
    },
  };
  const firstUnread = await findFirstUnread(context, viewer, reading, page.unreadAt);
  if (
    firstUnread &&
    (args.display === "threaded" || reading.comments.some((c) => c.commentID === firstUnread.commentID))
  )
    return null;
  const editTimeout = context.settings.peek<number>("ui.editContentTimeout");
  return {
    viewer,
    reading,
    discussion: reading.discussion,
    comments: page.comments,
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
}
