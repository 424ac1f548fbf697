import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import type { Viewer } from "@library/server/permissions/viewer";
import type { Poll } from "../../api/pollsApi";
import type { PollResultsVisibility } from "../../api/pollLimits";
import { canClosePoll } from "./pollAccess";
import type { PollDefinition } from "./pollDefinition";
import "../tables";

export const RESULTS_VISIBILITY_SETTING = "polls.resultsVisibility";

/** True once the poll takes no more votes: closed by hand, or past its closing date. */
export function isPollClosed(definition: PollDefinition, closure: unknown, now = Date.now()): boolean {
  return (
    closure !== undefined || (definition.dateCloses !== null && Date.parse(definition.dateCloses) <= now)
  );
}

export async function getPollClosure(db: DbOrTx, discussionID: number) {
  return db
    .selectFrom("pollClosures")
    .selectAll()
    .where("discussionID", "=", discussionID)
    .executeTakeFirst();
}

/** The options a member chose, in option order (empty when they have not voted). */
export async function getMyVote(db: DbOrTx, discussionID: number, userID: number): Promise<number[]> {
  if (userID <= 0) return [];
  const rows = await db
    .selectFrom("pollChoices")
    .select("optionID")
    .where("discussionID", "=", discussionID)
    .where("userID", "=", userID)
    .orderBy("optionID")
    .execute();
  return rows.map((row) => row.optionID);
}

/**
 * The poll as the viewer sees it. `own: false` leaves the viewer's ballot out (the page's shared copy, the same
 * for every member of the same roles); the widget then loads the member's own state.
 */
export async function presentPoll(
  context: AppContext,
  viewer: Viewer,
  row: { discussionID: number; insertUserID: number },
  definition: PollDefinition,
  options: { own: boolean } = { own: true },
): Promise<Poll> {
  const { db } = context;
  const discussionID = row.discussionID;
  const [closure, counts, voters, myVote] = await Promise.all([
    getPollClosure(db, discussionID),
    db
      .selectFrom("pollChoices")
      .select(["optionID", (eb) => eb.fn.countAll<number | string>().as("count")])
      .where("discussionID", "=", discussionID)
      .groupBy("optionID")
      .execute(),
    db
      .selectFrom("pollBallots")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("discussionID", "=", discussionID)
      .executeTakeFirstOrThrow(),
    options.own ? getMyVote(db, discussionID, viewer.userID) : Promise.resolve([]),
  ]);
  const closed = isPollClosed(definition, closure);
  const visibility = context.settings.peek<PollResultsVisibility>(RESULTS_VISIBILITY_SETTING);
  const resultsVisible = visibility !== "afterVote" || closed || myVote.length > 0;
  const countOf = new Map(counts.map((count) => [count.optionID, Number(count.count)]));
  return {
    discussionID,
    question: definition.question,
    multipleChoice: definition.multipleChoice,
    options: definition.options.map((label, optionID) => ({
      optionID,
      label,
      ...(resultsVisible ? { countVotes: countOf.get(optionID) ?? 0 } : {}),
    })),
    dateCloses: definition.dateCloses,
    closed,
    ...(resultsVisible ? { countVoters: Number(voters.count) } : {}),
    resultsVisible,
    myVote,
    canVote: !closed && viewer.has("polls.vote"),
    // The shared copy names no author: whether this member may close it comes with their own state.
    canClose: options.own && canClosePoll(viewer, row),
  };
}
