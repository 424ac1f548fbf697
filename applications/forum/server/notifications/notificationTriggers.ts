import { discussionVisibility } from "@library/server/addons/discussionVisibility";
import type { AppContext } from "@library/server/app/appContext";
import { viewerForUser } from "@library/server/auth/viewerResolver";
import { isBodyFormat, renderBody } from "@library/server/formats/renderBody";
import { notify, type NewNotification } from "@library/server/notifications/createNotifications";
import { userPhotoUrl } from "@library/server/users/userFragments";
import { getCategoryTree, hasCategoryPermission } from "../categories/categoryTree";
import { commentUrl, discussionUrl } from "../content/urls";
import { getDiscussionRow, type DiscussionRow } from "../discussions/discussionRows";

/** Mentions per post that notify (SPEC 9: at most 50 users). */
const MAX_MENTIONS = 50;

interface Actor {
  userID: number;
  name: string;
  photoUrl: string;
}

async function loadActor(context: AppContext, userID: number): Promise<Actor | null> {
  const row = await context.db
    .selectFrom("users")
    .select(["userID", "name", "photo"])
    .where("userID", "=", userID)
    .executeTakeFirst();
  return row ? { userID: row.userID, name: row.name, photoUrl: userPhotoUrl(row.photo) } : null;
}

/** Ids of the members named by the @mentions of a stored body (names are matched case-insensitively). */
async function mentionedUserIDs(context: AppContext, format: string, body: string): Promise<number[]> {
  if (!isBodyFormat(format)) return [];
  const names = renderBody(format, body).mentions.slice(0, MAX_MENTIONS);
  if (names.length === 0) return [];
  const rows = await context.db
    .selectFrom("users")
    .select("userID")
    .where(
      "nameKey",
      "in",
      names.map((name) => name.toLowerCase()),
    )
    .where("deleted", "=", 0)
    .execute();
  return rows.map((row) => row.userID);
}

/**
 * Drops recipients who may not see the discussion's category (or no longer exist, or are banned), and those
 * who muted the discussion (PUT /discussions/{id}/mute).
 */
async function onlyViewers(
  context: AppContext,
  discussion: DiscussionRow,
  items: NewNotification[],
): Promise<NewNotification[]> {
  const tree = await getCategoryTree(context.db);
  const allowed = new Map<number, boolean>();
  const recipients = [...new Set(items.map((item) => item.userID))];
  const muted =
    recipients.length === 0
      ? []
      : await context.db
          .selectFrom("userDiscussions")
          .select("userID")
          .where("discussionID", "=", discussion.discussionID)
          .where("muted", "=", 1)
          .where("userID", "in", recipients)
          .execute();
  for (const { userID } of muted) allowed.set(userID, false);
  for (const userID of recipients) {
    if (allowed.has(userID)) continue;
    const viewer = await viewerForUser(context, userID);
    allowed.set(
      userID,
      viewer !== null &&
        hasCategoryPermission(tree, viewer, "discussions.view", discussion.categoryID) &&
        (await discussionVisibility(context).allows(context, viewer, discussion.discussionID)),
    );
  }
  return items.filter((item) => allowed.get(item.userID) === true);
}

/**
 * After a comment is committed: the mentioned members ('Mention'), the author of the comment a reply answers
 * and the discussion's author ('Comment'), and
 * those who commented earlier or bookmarked the discussion ('Participated'). Each member gets at most one
 * notification per comment (in that order of priority), never for their own comment, and only when they can
 * view the category. Runs as a job: a failure throws, so the job is retried; `sourceKey` makes a run after a
 * crash notify nobody twice. Returns the members notified.
 */
export async function notifyCommentCreated(context: AppContext, commentID: number): Promise<number[]> {
  const comment = await context.db
    .selectFrom("comments")
    .select(["commentID", "discussionID", "parentCommentID", "insertUserID", "body", "format"])
    .where("commentID", "=", commentID)
    .where("deleteLogID", "is", null)
    .executeTakeFirst();
  if (!comment) return [];
  const [discussion, actor, parent] = await Promise.all([
    getDiscussionRow(context.db, comment.discussionID),
    loadActor(context, comment.insertUserID),
    comment.parentCommentID === null
      ? undefined
      : context.db
          .selectFrom("comments")
          .select("insertUserID")
          .where("commentID", "=", comment.parentCommentID)
          .where("deleteLogID", "is", null)
          .executeTakeFirst(),
  ]);
  if (!discussion || !actor) return [];
  const [mentioned, participants, bookmarkers] = await Promise.all([
    mentionedUserIDs(context, comment.format, comment.body),
    context.db
      .selectFrom("comments")
      .select("insertUserID")
      .distinct()
      .where("discussionID", "=", discussion.discussionID)
      .where("commentID", "<", commentID)
      .where("deleteLogID", "is", null)
      .execute(),
    context.db
      .selectFrom("userDiscussions")
      .select("userID")
      .where("discussionID", "=", discussion.discussionID)
      .where("bookmarked", "=", 1)
      .execute(),
  ]);
  const common = {
    recordType: "comment",
    recordID: commentID,
    url: commentUrl(commentID),
    photoUrl: actor.photoUrl,
    actorUserID: actor.userID,
    discussionID: discussion.discussionID,
  };
  const items: NewNotification[] = [
    ...mentioned.map((userID) => ({
      ...common,
      userID,
      activityType: "Mention",
      body: `**${actor.name}** mentioned you in **${discussion.name}**.`,
    })),
    // A threaded reply: the author of the comment it answers.
    ...(parent
      ? [
          {
            ...common,
            userID: parent.insertUserID,
            activityType: "Comment",
            body: `**${actor.name}** replied to your comment in **${discussion.name}**.`,
          },
        ]
      : []),
    {
      ...common,
      userID: discussion.insertUserID,
      activityType: "Comment",
      body: `**${actor.name}** commented on **${discussion.name}**.`,
    },
    ...[...participants.map((row) => row.insertUserID), ...bookmarkers.map((row) => row.userID)].map(
      (userID) => ({
        ...common,
        userID,
        activityType: "Participated",
        body: `**${actor.name}** commented on **${discussion.name}**.`,
      }),
    ),
  ];
  return notifyRecipients(context, await onlyViewers(context, discussion, items), `comment:${commentID}`);
}

/**
 * After a discussion is committed: its @mentions ('Mention'), with the same rules as comments. Returns the
 * members notified.
 */
export async function notifyDiscussionCreated(context: AppContext, discussionID: number): Promise<number[]> {
  const discussion = await getDiscussionRow(context.db, discussionID);
  if (!discussion) return [];
  const [actor, mentioned] = await Promise.all([
    loadActor(context, discussion.insertUserID),
    mentionedUserIDs(context, discussion.format, discussion.body),
  ]);
  if (!actor || mentioned.length === 0) return [];
  const items = mentioned.map((userID): NewNotification => ({
    userID,
    activityType: "Mention",
    recordType: "discussion",
    recordID: discussionID,
    url: discussionUrl(discussionID, discussion.name),
    body: `**${actor.name}** mentioned you in **${discussion.name}**.`,
    photoUrl: actor.photoUrl,
    actorUserID: actor.userID,
    discussionID,
  }));
  return notifyRecipients(
    context,
    await onlyViewers(context, discussion, items),
    `discussion:${discussionID}`,
  );
}

/** Notifies once per cause and returns every recipient (on a run after a crash too, when none is new). */
async function notifyRecipients(
  context: AppContext,
  items: readonly NewNotification[],
  sourceKey: string,
): Promise<number[]> {
  await notify(context, items, { sourceKey });
  return [...new Set(items.map((item) => item.userID))];
}
