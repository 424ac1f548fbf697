import type { AppContext } from "@library/server/app/appContext";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import type { Database } from "@library/server/db/database";
import {
  ClientError,
  ConflictError,
  NotFoundError,
  ValidationError,
} from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import type { Transaction } from "kysely";
import type { IdeaStatusPost } from "../../api/ideationApi";
import { IDEA_TYPE, STATUS_MANAGERS } from "./ideaQueries";
import "../tables";

export const IDEA_STATUS_CHANGED = "idea.statusChanged";

declare module "@library/server/events/eventBus" {
  interface DomainEvents {
    "idea.statusChanged": { changeID: number; discussionID: number };
  }
}

/** Inside the write: the idea's discussion, locked (404 when it is gone or no idea). */
async function lockIdea(trx: Transaction<Database>, context: AppContext, discussionID: number) {
  const row = await trx
    .selectFrom("discussions")
    .select(["discussionID", "statusID"])
    .where("discussionID", "=", discussionID)
    .where("type", "=", IDEA_TYPE)
    .where("deleteLogID", "is", null)
    .$call(forUpdate(context.dialect))
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Idea");
  return row;
}

/**
 * A member's vote (1, -1, or 0 to take it back) under the idea's lock: their one vote row (the primary key keeps
 * it one) and the discussion's score moved by the difference, so reactions' share of the score stays.
 */
export async function setIdeaVote(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  value: 1 | -1 | 0,
): Promise<void> {
  viewer.require("ideation.vote");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const idea = await lockIdea(trx, context, discussionID);
    const status = await trx
      .selectFrom("ideaStatuses")
      .select("state")
      .where("statusID", "=", idea.statusID)
      .executeTakeFirst();
    if (status?.state === "closed") throw new ClientError("This idea takes no more votes.");
    const userID = viewer.userID;
    const previous = await trx
      .selectFrom("ideaVotes")
      .select("value")
      .where("discussionID", "=", discussionID)
      .where("userID", "=", userID)
      .executeTakeFirst();
    const delta = value - (previous?.value ?? 0);
    if (value === 0) {
      await trx
        .deleteFrom("ideaVotes")
        .where("discussionID", "=", discussionID)
        .where("userID", "=", userID)
        .execute();
    } else {
      await trx
        .insertInto("ideaVotes")
        .values({ discussionID, userID, value, dateUpdated: nowIso() })
        .onConflict((conflict) =>
          conflict.columns(["discussionID", "userID"]).doUpdateSet({ value, dateUpdated: nowIso() }),
        )
        .execute();
    }
    if (delta !== 0)
      await trx
        .updateTable("discussions")
        .set((eb) => ({ score: eb("score", "+", delta), hot: eb("hot", "+", delta) }))
        .where("discussionID", "=", discussionID)
        .execute();
  });
}

/** Sets an idea's status (ideation.manage); the voters hear of it through a durable event, once per change. */
export async function setIdeaStatus(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  statusID: number,
  statusNotes: string,
): Promise<void> {
  viewer.require(STATUS_MANAGERS);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const idea = await lockIdea(trx, context, discussionID);
    const status = await trx
      .selectFrom("ideaStatuses")
      .select("statusID")
      .where("statusID", "=", statusID)
      .executeTakeFirst();
    if (!status) throw ValidationError.field("statusID", "Choose a status of the list.", "enum");
    if (idea.statusID === statusID) return;
    await trx.updateTable("discussions").set({ statusID }).where("discussionID", "=", discussionID).execute();
    const change = await trx
      .insertInto("ideaStatusChanges")
      .values({ discussionID, statusID, statusNotes, insertUserID: viewer.userID, dateInserted: nowIso() })
      .returning("changeID")
      .executeTakeFirstOrThrow();
    await context.events.emit(trx, IDEA_STATUS_CHANGED, { changeID: change.changeID, discussionID });
  });
}

/** A custom status (ideation.manage); its id follows the highest one. */
export async function createIdeaStatus(
  context: AppContext,
  viewer: Viewer,
  body: IdeaStatusPost,
): Promise<number> {
  viewer.require(STATUS_MANAGERS);
  return writeTransaction(context.db, context.dialect, async (trx) => {
    const taken = await trx.selectFrom("ideaStatuses").select(["statusID", "name"]).execute();
    if (taken.some((row) => row.name.toLowerCase() === body.name.trim().toLowerCase()))
      throw ValidationError.field("name", "A status of this name exists.", "unique");
    const statusID = Math.max(...taken.map((row) => row.statusID)) + 1;
    await trx
      .insertInto("ideaStatuses")
      .values({
        statusID,
        name: body.name.trim(),
        color: body.color,
        state: body.state ?? "open",
        builtIn: 0,
      })
      .execute();
    return statusID;
  });
}

export async function patchIdeaStatus(
  context: AppContext,
  viewer: Viewer,
  statusID: number,
  body: Partial<IdeaStatusPost>,
): Promise<void> {
  viewer.require(STATUS_MANAGERS);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = await trx
      .selectFrom("ideaStatuses")
      .selectAll()
      .where("statusID", "=", statusID)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("Status");
    if (row.builtIn === 1 && body.state !== undefined && body.state !== row.state)
      throw ValidationError.field("state", "A built-in status keeps its state.", "invalid");
    await trx
      .updateTable("ideaStatuses")
      .set({
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.color !== undefined ? { color: body.color } : {}),
        ...(body.state !== undefined ? { state: body.state } : {}),
      })
      .where("statusID", "=", statusID)
      .execute();
  });
}

/** Deletes a custom status no idea holds (409 while one does; built-in ones stay). */
export async function deleteIdeaStatus(context: AppContext, viewer: Viewer, statusID: number): Promise<void> {
  viewer.require(STATUS_MANAGERS);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const row = await trx
      .selectFrom("ideaStatuses")
      .selectAll()
      .where("statusID", "=", statusID)
      .executeTakeFirst();
    if (!row) throw new NotFoundError("Status");
    if (row.builtIn === 1) throw new ClientError("Built-in statuses cannot be deleted.");
    const inUse = await trx
      .selectFrom("discussions")
      .select("discussionID")
      .where("type", "=", IDEA_TYPE)
      .where("statusID", "=", statusID)
      .executeTakeFirst();
    if (inUse) throw new ConflictError("Ideas have this status: give them another one first.");
    await trx.deleteFrom("ideaStatuses").where("statusID", "=", statusID).execute();
  });
}
