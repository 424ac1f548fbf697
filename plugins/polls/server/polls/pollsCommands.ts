import type { AppContext } from "@library/server/app/appContext";
import {
  ClientError,
  NotFoundError,
  PermissionError,
  ValidationError,
} from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import type { Transaction } from "kysely";
import type { Database } from "@library/server/db/database";
import type { Viewer } from "@library/server/permissions/viewer";
import { canClosePoll } from "./pollAccess";
import { pollDefinitionOf, type PollDefinition } from "./pollDefinition";
import { getPollClosure, isPollClosed } from "./pollsQueries";
import "../tables";

const POLL_CLOSED = "This poll is closed.";

/** Inside the write: the poll's discussion, locked, and its poll (read again, so a close or a delete is seen). */
async function lockPoll(
  trx: Transaction<Database>,
  context: AppContext,
  discussionID: number,
): Promise<{ insertUserID: number; definition: PollDefinition }> {
  const row = await trx
    .selectFrom("discussions")
    .select(["discussionID", "insertUserID", "postTypeID", "postMeta"])
    .where("discussionID", "=", discussionID)
    .where("deleteLogID", "is", null)
    .$call(forUpdate(context.dialect))
    .executeTakeFirst();
  const definition = row ? pollDefinitionOf(row.postTypeID, row.postMeta) : null;
  if (!row || !definition) throw new NotFoundError("Poll");
  return { insertUserID: row.insertUserID, definition };
}

function checkChoice(definition: PollDefinition, optionIDs: number[]): number[] {
  const chosen = [...new Set(optionIDs)].sort((a, b) => a - b);
  if (chosen.some((optionID) => optionID >= definition.options.length))
    throw ValidationError.field("optionIDs", "Choose options of this poll.", "enum");
  if (!definition.multipleChoice && chosen.length !== 1)
    throw ValidationError.field("optionIDs", "Choose one option.", "maxItems");
  return chosen;
}

/**
 * A member's vote, new or changed: their one ballot (the primary key keeps it one, whatever races) and the
 * options it chose, replaced in one transaction under the discussion's lock.
 */
export async function castVote(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  optionIDs: number[],
): Promise<void> {
  viewer.require("polls.vote");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const { definition } = await lockPoll(trx, context, discussionID);
    const chosen = checkChoice(definition, optionIDs);
    if (isPollClosed(definition, await getPollClosure(trx, discussionID))) throw new ClientError(POLL_CLOSED);
    const userID = viewer.userID;
    await trx
      .insertInto("pollBallots")
      .values({ discussionID, userID, dateUpdated: nowIso() })
      .onConflict((conflict) =>
        conflict.columns(["discussionID", "userID"]).doUpdateSet({ dateUpdated: nowIso() }),
      )
      .execute();
    await trx
      .deleteFrom("pollChoices")
      .where("discussionID", "=", discussionID)
      .where("userID", "=", userID)
      .execute();
    await trx
      .insertInto("pollChoices")
      .values(chosen.map((optionID) => ({ discussionID, userID, optionID })))
      .execute();
  });
}

/** Takes a member's vote back while the poll is open. */
export async function retractVote(context: AppContext, viewer: Viewer, discussionID: number): Promise<void> {
  viewer.require("polls.vote");
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const { definition } = await lockPoll(trx, context, discussionID);
    if (isPollClosed(definition, await getPollClosure(trx, discussionID))) throw new ClientError(POLL_CLOSED);
    const where = { discussionID, userID: viewer.userID };
    await trx
      .deleteFrom("pollChoices")
      .where("discussionID", "=", where.discussionID)
      .where("userID", "=", where.userID)
      .execute();
    await trx
      .deleteFrom("pollBallots")
      .where("discussionID", "=", where.discussionID)
      .where("userID", "=", where.userID)
      .execute();
  });
}

/** Closes the poll before its date, or reopens one closed by hand (its author or a moderator). */
export async function setPollClosed(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  closed: boolean,
): Promise<void> {
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const poll = await lockPoll(trx, context, discussionID);
    if (!canClosePoll(viewer, poll)) throw new PermissionError(["community.moderate"]);
    if (closed) {
      await trx
        .insertInto("pollClosures")
        .values({ discussionID, closedByUserID: viewer.userID, dateClosed: nowIso() })
        .onConflict((conflict) => conflict.column("discussionID").doNothing())
        .execute();
      return;
    }
    await trx.deleteFrom("pollClosures").where("discussionID", "=", discussionID).execute();
    if (isPollClosed(poll.definition, undefined))
      throw ValidationError.field("closed", "This poll's closing date has passed.", "invalid");
  });
}
