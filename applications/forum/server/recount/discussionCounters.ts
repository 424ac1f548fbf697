import type { CounterChange } from "@library/server/db/counterRecount";
import { writeRecountedRows } from "@library/server/db/counterRecount";
import type { DbOrTx } from "@library/server/db/database";
import { sql } from "kysely";

/** The sum of the reaction values on each record of a type (its `score`). */
function reactionScores(recordType: "discussion" | "comment") {
  return sql`select r."recordID", sum(t."reactionValue") as "score"
    from "reactions" r join "reactionTypes" t on t."tagID" = r."tagID"
    where r."recordType" = ${recordType}
    group by r."recordID"`;
}

interface DiscussionCounts {
  id: number;
  countComments: number;
  lastCommentID: number | null;
  lastUserID: number;
  dateLastComment: string;
  score: number;
  hot: number;
  sink: number;
  realCount: number;
  realLastID: number | null;
  realLastUser: number;
  realLastDate: string;
  realScore: number;
}

/**
 * Each live discussion's comment count (deleted ones keep theirs until a restore recounts them), last comment, last user, last date (kept as is while sunk, as the writes
 * do), score (its reactions' values) and `hot` (score + comments).
 */
export async function recountDiscussions(trx: DbOrTx): Promise<CounterChange[]> {
  const { rows } = await sql<DiscussionCounts>`
    select d."discussionID" as "id", d."countComments", d."lastCommentID", d."lastUserID", d."dateLastComment",
      d."score", d."hot", d."sink",
      coalesce(n."count", 0) as "realCount",
      l."commentID" as "realLastID",
      coalesce(l."insertUserID", d."insertUserID") as "realLastUser",
      coalesce(l."dateInserted", d."dateInserted") as "realLastDate",
      coalesce(s."score", 0) as "realScore"
    from "discussions" d
    left join (select "discussionID", count(*) as "count" from "comments" where "deleteLogID" is null group by "discussionID") n
      on n."discussionID" = d."discussionID"
    left join (
      select "discussionID", "commentID", "insertUserID", "dateInserted" from (
        select "discussionID", "commentID", "insertUserID", "dateInserted",
          row_number() over (partition by "discussionID" order by "dateInserted" desc, "commentID" desc) as "rank"
        from "comments" where "deleteLogID" is null
      ) ranked where "rank" = 1
    ) l on l."discussionID" = d."discussionID"
    left join (${reactionScores("discussion")}) s on s."recordID" = d."discussionID"
    where d."deleteLogID" is null`.execute(trx);
  return writeRecountedRows(
    trx,
    "discussions",
    "discussionID",
    rows.map((row) => ({
      id: row.id,
      stored: row as unknown as Record<string, number | string | null>,
      expected: {
        countComments: Number(row.realCount),
        lastCommentID: row.realLastID,
        lastUserID: row.realLastUser,
        ...(row.sink === 1 ? {} : { dateLastComment: row.realLastDate }),
        score: Number(row.realScore),
        hot: Number(row.realScore) + Number(row.realCount),
      },
    })),
  );
}

interface CommentCounts {
  id: number;
  countChildComments: number;
  score: number;
  realChildren: number;
  realScore: number;
}

/** Each comment's direct replies (`countChildComments`) and score; only the rows that differ are read. */
export async function recountComments(trx: DbOrTx): Promise<CounterChange[]> {
  const { rows } = await sql<CommentCounts>`
    select c."commentID" as "id", c."countChildComments", c."score",
      coalesce(k."count", 0) as "realChildren", coalesce(s."score", 0) as "realScore"
    from "comments" c
    left join (
      select "parentCommentID", count(*) as "count" from "comments"
      where "parentCommentID" is not null and "deleteLogID" is null group by "parentCommentID"
    ) k on k."parentCommentID" = c."commentID"
    left join (${reactionScores("comment")}) s on s."recordID" = c."commentID"
    where c."deleteLogID" is null
      and (c."countChildComments" <> coalesce(k."count", 0) or c."score" <> coalesce(s."score", 0))`.execute(
    trx,
  );
  return writeRecountedRows(
    trx,
    "comments",
    "commentID",
    rows.map((row) => ({
      id: row.id,
      stored: { countChildComments: row.countChildComments, score: row.score },
      expected: { countChildComments: Number(row.realChildren), score: Number(row.realScore) },
    })),
  );
}
