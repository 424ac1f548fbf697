import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import type { Viewer } from "@library/server/permissions/viewer";
import { BUILT_IN_IDEA_STATUSES, type Idea, type IdeaStatus } from "../../api/ideationApi";
import "../tables";

export const IDEA_TYPE = "idea";
export const STATUS_MANAGERS = ["ideation.manage"];

export async function listIdeaStatuses(db: DbOrTx): Promise<IdeaStatus[]> {
  const rows = await db.selectFrom("ideaStatuses").selectAll().orderBy("statusID").execute();
  return rows.map((row) => ({
    statusID: row.statusID,
    name: row.name,
    color: row.color,
    state: row.state === "closed" ? "closed" : "open",
    builtIn: row.builtIn === 1,
  }));
}

/**
 * The idea as the viewer sees it. `own: false` leaves their vote out (the page's shared copy, the same for
 * every member of the same roles); the widget then loads it.
 */
export async function presentIdea(
  context: AppContext,
  viewer: Viewer,
  discussionID: number,
  options: { own: boolean } = { own: true },
): Promise<Idea> {
  const { db } = context;
  const [discussion, tallies, mine, statuses, lastChange] = await Promise.all([
    db
      .selectFrom("discussions")
      .select(["statusID", "score"])
      .where("discussionID", "=", discussionID)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("ideaVotes")
      .select(["value", (eb) => eb.fn.countAll<number | string>().as("count")])
      .where("discussionID", "=", discussionID)
      .groupBy("value")
      .execute(),
    options.own && viewer.userID > 0
      ? db
          .selectFrom("ideaVotes")
          .select("value")
          .where("discussionID", "=", discussionID)
          .where("userID", "=", viewer.userID)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    listIdeaStatuses(db),
    db
      .selectFrom("ideaStatusChanges")
      .select("statusNotes")
      .where("discussionID", "=", discussionID)
      .orderBy("changeID", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const countOf = (value: number) => Number(tallies.find((tally) => tally.value === value)?.count ?? 0);
  const status =
    statuses.find((item) => item.statusID === discussion.statusID) ??
    statuses.find((item) => item.statusID === BUILT_IN_IDEA_STATUSES.pending)!;
  return {
    discussionID,
    score: discussion.score ?? 0,
    countUp: countOf(1),
    countDown: countOf(-1),
    myVote: mine?.value ?? 0,
    status,
    statusNotes: lastChange?.statusNotes ?? "",
    canVote: status.state === "open" && viewer.has("ideation.vote"),
    canSetStatus: viewer.has(STATUS_MANAGERS),
  };
}
