import type { AppContext } from "@library/server/app/appContext";
import type { DiscussionCreateHook } from "@library/server/addons/discussionCreateHooks";
import type { DiscussionVisibilityRule } from "@library/server/addons/discussionVisibility";
import { ForbiddenError, ValidationError } from "@library/server/errors/httpErrors";
import { sql, type SqlBool } from "kysely";
import { memberRole, moderatesGroups } from "./groupAccess";
import { groupVisibilityCache, type HiddenState } from "./groupVisibilityCache";

/**
 * The discussions of private and secret groups (and of deleted groups) are seen by the group's members and by
 * moderators only: in every list, page, search and notification. Hides nothing while no such discussion exists,
 * so the core's lists stay as they are; a member of a non-public group gets lists of their own (key).
 */
/** Whether any discussion is in a non-public or deleted group; `absent` when the add-on never ran here. */
async function readHiddenState(context: AppContext): Promise<HiddenState> {
  try {
    const hidden = await context.db
      .selectFrom("groupDiscussions")
      .leftJoin("groups", "groups.groupID", "groupDiscussions.groupID")
      .select("groupDiscussions.discussionID")
      .where((eb) => eb.or([eb("groups.privacy", "is", null), eb("groups.privacy", "<>", "public")]))
      .limit(1)
      .executeTakeFirst();
    return hidden ? "some" : "none";
  } catch {
    return "absent"; // The add-on never ran here: its tables do not exist, so no group hides anything.
  }
}

/** The non-public groups a member belongs to, in id order. */
async function readMemberGroups(context: AppContext, userID: number): Promise<number[]> {
  const rows = await context.db
    .selectFrom("groupMembers")
    .innerJoin("groups", "groups.groupID", "groupMembers.groupID")
    .select("groupMembers.groupID")
    .where("groupMembers.userID", "=", userID)
    .where("groups.privacy", "<>", "public")
    .orderBy("groupMembers.groupID")
    .execute();
  return rows.map((row) => row.groupID);
}

/**
 * The discussions of private and secret groups (and of deleted groups) are seen by the group's members and by
 * moderators only: in every list, page, search and notification. Hides nothing while no such discussion exists,
 * so the core's lists stay as they are; a member of a non-public group gets lists of their own (key). What it
 * reads is kept in the cache layer (groupVisibilityCache.ts), so a list or page usually runs no query for it.
 */
export const groupDiscussionVisibility: DiscussionVisibilityRule = async (context, viewer) => {
  if (moderatesGroups(viewer)) return null;
  const cache = groupVisibilityCache(context);
  const hidden = await (cache ? cache.hiddenState(() => readHiddenState(context)) : readHiddenState(context));
  if (hidden !== "some") return null;
  let memberOf: number[] = [];
  if (!viewer.isGuest) {
    const userID = viewer.userID;
    try {
      memberOf = await (cache
        ? cache.groupsOf(userID, () => readMemberGroups(context, userID))
        : readMemberGroups(context, userID));
    } catch {
      return null; // The tables went away under us (a restore): nothing is hidden by groups that do not exist.
    }
  }
  const userID = viewer.isGuest ? -1 : viewer.userID;
  return {
    key: memberOf.length > 0 ? `groups:${memberOf.join(",")}` : "",
    visible: (discussionID) =>
      sql<SqlBool>`NOT EXISTS (SELECT 1 FROM "groupDiscussions" AS "gd" WHERE "gd"."discussionID" = ${discussionID} AND "gd"."groupID" NOT IN (SELECT "groupID" FROM "groups" WHERE "privacy" = 'public') AND "gd"."groupID" NOT IN (SELECT "groupID" FROM "groupMembers" WHERE "userID" = ${userID}))`,
  };
};

/** `POST /discussions` with `groupID` (SPEC 2's `post/{type}/{parentID}?groupid=`): members post in their group. */
export const postInGroup: DiscussionCreateHook = async (trx, created) => {
  const groupID = created.body.groupID;
  if (typeof groupID !== "number") return;
  const group = await trx
    .selectFrom("groups")
    .select("privacy")
    .where("groupID", "=", groupID)
    .executeTakeFirst();
  if (!group) throw ValidationError.field("groupID", "No such group.", "invalid");
  const role = await memberRole(trx, groupID, created.viewer.userID);
  if (role === null && !moderatesGroups(created.viewer))
    throw new ForbiddenError("Only the group's members may post in it.");
  await trx.insertInto("groupDiscussions").values({ discussionID: created.discussionID, groupID }).execute();
  await trx
    .updateTable("groups")
    .set({ countDiscussions: sql`"countDiscussions" + 1` })
    .where("groupID", "=", groupID)
    .execute();
};
