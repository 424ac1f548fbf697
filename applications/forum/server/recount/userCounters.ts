import type { CounterChange } from "@library/server/db/counterRecount";
import { writeRecountedRows } from "@library/server/db/counterRecount";
import type { DbOrTx } from "@library/server/db/database";
import { sql } from "kysely";

interface UserCounts {
  id: number;
  countDiscussions: number;
  countComments: number;
  realDiscussions: number;
  realComments: number;
}

/** Each member's discussion and comment counts; only the rows that differ are read. */
export async function recountUsers(trx: DbOrTx): Promise<CounterChange[]> {
  const { rows } = await sql<UserCounts>`
    select u."userID" as "id", u."countDiscussions", u."countComments",
      coalesce(d."count", 0) as "realDiscussions", coalesce(c."count", 0) as "realComments"
    from "users" u
    left join (select "insertUserID", count(*) as "count" from "discussions" where "deleteLogID" is null group by "insertUserID") d
      on d."insertUserID" = u."userID"
    left join (select "insertUserID", count(*) as "count" from "comments" where "deleteLogID" is null group by "insertUserID") c
      on c."insertUserID" = u."userID"
    where u."countDiscussions" <> coalesce(d."count", 0) or u."countComments" <> coalesce(c."count", 0)`.execute(
    trx,
  );
  return writeRecountedRows(
    trx,
    "users",
    "userID",
    rows.map((row) => ({
      id: row.id,
      stored: { countDiscussions: row.countDiscussions, countComments: row.countComments },
      expected: { countDiscussions: Number(row.realDiscussions), countComments: Number(row.realComments) },
    })),
  );
}
