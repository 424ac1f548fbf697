import type { GroupPatch, GroupPost, GroupRole } from "../../api/groupsApi";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { writeTransaction } from "@library/server/db/writeTransaction";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql } from "kysely";
import { getVisibleGroup, memberRole, requireLeader } from "./groupAccess";

async function nameTaken(db: DbOrTx, name: string, exceptGroupID = 0): Promise<boolean> {
  const row = await db
    .selectFrom("groups")
    .select("groupID")
    .where(sql`lower("name")`, "=", name.trim().toLowerCase())
    .where("groupID", "<>", exceptGroupID)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds a member (or changes nothing when they already are one) and keeps `countMembers`. */
export async function addMember(db: DbOrTx, groupID: number, userID: number, role: GroupRole): Promise<void> {
  const inserted = await db
    .insertInto("groupMembers")
    .values({ groupID, userID, role, dateInserted: nowIso() })
    .onConflict((conflict) => conflict.columns(["groupID", "userID"]).doNothing())
    .executeTakeFirst();
  await db.deleteFrom("groupRequests").where("groupID", "=", groupID).where("userID", "=", userID).execute();
  await db
    .deleteFrom("groupInvitations")
    .where("groupID", "=", groupID)
    .where("userID", "=", userID)
    .execute();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0)
    await db
      .updateTable("groups")
      .set({ countMembers: sql`"countMembers" + 1` })
      .where("groupID", "=", groupID)
      .execute();
}

/** `POST /groups` (groups.add): the creator leads the new group. */
export async function createGroup(context: AppContext, viewer: Viewer, body: GroupPost): Promise<number> {
  viewer.require("groups.add");
  return writeTransaction(context.db, context.dialect, async (trx) => {
    if (await nameTaken(trx, body.name))
      throw ValidationError.field("name", "A group with this name already exists.");
    const { groupID } = await trx
      .insertInto("groups")
      .values({
        name: body.name.trim(),
        description: body.description ?? "",
        privacy: body.privacy,
        insertUserID: viewer.userID,
        dateInserted: nowIso(),
        dateUpdated: null,
        countMembers: 0,
        countDiscussions: 0,
      })
      .returning("groupID")
      .executeTakeFirstOrThrow();
    await addMember(trx, groupID, viewer.userID, "leader");
    return groupID;
  });
}

/** `PATCH /groups/{id}` (a leader or groups.moderate). */
export async function patchGroup(
  context: AppContext,
  viewer: Viewer,
  groupID: number,
  body: GroupPatch,
): Promise<void> {
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const { role } = await getVisibleGroup(context, viewer, groupID, trx);
    requireLeader(role, viewer);
    if (body.name !== undefined && (await nameTaken(trx, body.name, groupID)))
      throw ValidationError.field("name", "A group with this name already exists.");
    await trx
      .updateTable("groups")
      .set({
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.privacy !== undefined ? { privacy: body.privacy } : {}),
        dateUpdated: nowIso(),
      })
      .where("groupID", "=", groupID)
      .execute();
  });
}

/**
 * `DELETE /groups/{id}` (a leader or groups.moderate). Its discussions stay, still hidden from everyone but
 * moderators (the group that let its members see them is gone).
 */
export async function deleteGroup(context: AppContext, viewer: Viewer, groupID: number): Promise<void> {
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const { role } = await getVisibleGroup(context, viewer, groupID, trx);
    requireLeader(role, viewer);
    await trx.deleteFrom("groupMembers").where("groupID", "=", groupID).execute();
    await trx.deleteFrom("groupRequests").where("groupID", "=", groupID).execute();
    await trx.deleteFrom("groupInvitations").where("groupID", "=", groupID).execute();
    await trx.deleteFrom("groups").where("groupID", "=", groupID).execute();
  });
}

/**
 * `POST /groups/{id}/join`: a public group takes anyone; a private one records a request for its leaders; a
 * secret one only takes those invited (accepting the invitation).
 */
export async function joinGroup(
  context: AppContext,
  viewer: Viewer,
  groupID: number,
): Promise<"member" | "requested"> {
  viewer.require("session.valid");
  return writeTransaction(context.db, context.dialect, async (trx) => {
    const { group, role } = await getVisibleGroup(context, viewer, groupID, trx);
    if (role !== null) return "member";
    const invited = await trx
      .selectFrom("groupInvitations")
      .select("invitationID")
      .where("groupID", "=", groupID)
      .where("userID", "=", viewer.userID)
      .executeTakeFirst();
    if (group.privacy === "public" || invited) {
      await addMember(trx, groupID, viewer.userID, "member");
      return "member";
    }
    if (group.privacy === "secret") throw new ForbiddenError("This group only takes members it invites.");
    await trx
      .insertInto("groupRequests")
      .values({ groupID, userID: viewer.userID, dateInserted: nowIso() })
      .onConflict((conflict) => conflict.columns(["groupID", "userID"]).doNothing())
      .execute();
    return "requested";
  });
}

/** Removes a member: themselves (leave), or anyone by a leader or moderator. The last leader cannot go. */
export async function removeMember(
  context: AppContext,
  viewer: Viewer,
  groupID: number,
  userID: number,
): Promise<void> {
  viewer.require("session.valid");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const { role } = await getVisibleGroup(context, viewer, groupID, trx);
    if (userID !== viewer.userID) requireLeader(role, viewer);
    const theirRole = await memberRole(trx, groupID, userID);
    if (theirRole === null) throw new NotFoundError("Member");
    if (theirRole === "leader") {
      const leaders = await trx
        .selectFrom("groupMembers")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("groupID", "=", groupID)
        .where("role", "=", "leader")
        .executeTakeFirstOrThrow();
      if (Number(leaders.count) <= 1) throw new ConflictError("A group keeps at least one leader.");
    }
    await trx
      .deleteFrom("groupMembers")
      .where("groupID", "=", groupID)
      .where("userID", "=", userID)
      .execute();
    await trx
      .updateTable("groups")
      .set({ countMembers: sql`"countMembers" - 1` })
      .where("groupID", "=", groupID)
      .execute();
  });
}

/** `PATCH /groups/{id}/members/{userID}`: a leader or moderator makes a member a leader, or a leader a member. */
export async function setMemberRole(
  context: AppContext,
  viewer: Viewer,
  groupID: number,
  userID: number,
  newRole: GroupRole,
): Promise<void> {
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const { role } = await getVisibleGroup(context, viewer, groupID, trx);
    requireLeader(role, viewer);
    const theirRole = await memberRole(trx, groupID, userID);
    if (theirRole === null) throw new NotFoundError("Member");
    if (theirRole === "leader" && newRole === "member") {
      const leaders = await trx
        .selectFrom("groupMembers")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("groupID", "=", groupID)
        .where("role", "=", "leader")
        .executeTakeFirstOrThrow();
      if (Number(leaders.count) <= 1) throw new ConflictError("A group keeps at least one leader.");
    }
    await trx
      .updateTable("groupMembers")
      .set({ role: newRole })
      .where("groupID", "=", groupID)
      .where("userID", "=", userID)
      .execute();
  });
}

/** A leader approves (the member joins) or declines a request to join a private group. */
export async function decideRequest(
  context: AppContext,
  viewer: Viewer,
  groupID: number,
  userID: number,
  status: "approved" | "declined",
): Promise<void> {
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const { role } = await getVisibleGroup(context, viewer, groupID, trx);
    requireLeader(role, viewer);
    const request = await trx
      .selectFrom("groupRequests")
      .select("userID")
      .where("groupID", "=", groupID)
      .where("userID", "=", userID)
      .executeTakeFirst();
    if (!request) throw new NotFoundError("Request");
    if (status === "approved") await addMember(trx, groupID, userID, "member");
    else
      await trx
        .deleteFrom("groupRequests")
        .where("groupID", "=", groupID)
        .where("userID", "=", userID)
        .execute();
  });
}
