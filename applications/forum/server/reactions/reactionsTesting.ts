import type { Category } from "@forum/api/categories";
import type { ReactionRecordType } from "@forum/api/reactions";
import type { AppContext } from "@library/server/app/appContext";
import { roleIDByName } from "@library/server/testing/factories";
import type { TestApp, TestClient } from "@library/server/testing/testApp";
import { makeCategory } from "../testing/forumTesting";
import "./reactionTables";

/** A category with custom permissions in which Members and Guests hold no grant at all. */
export async function makeHiddenCategory(
  testApp: TestApp,
  admin: TestClient,
  name: string,
): Promise<Category> {
  const permissions = [];
  for (const role of ["Member", "Guest"] as const)
    permissions.push({ roleID: await roleIDByName(testApp.context, role), permissions: {} });
  return makeCategory(admin, { name, permissions });
}

export interface ReactionSnapshot {
  reactions: { recordType: string; recordID: number; userID: number; tagID: number }[];
  counts: { recordType: string; recordID: number; tagID: number; count: number }[];
  scores: { discussions: { discussionID: number; score: number; hot: number }[]; comments: number[] };
}

/** Everything a reaction write may change, for asserting that a refused write changed nothing. */
export async function reactionSnapshot(context: AppContext): Promise<ReactionSnapshot> {
  const db = context.db;
  return {
    reactions: await db
      .selectFrom("reactions")
      .select(["recordType", "recordID", "userID", "tagID"])
      .orderBy("recordType")
      .orderBy("recordID")
      .orderBy("userID")
      .execute(),
    counts: await db
      .selectFrom("reactionCounts")
      .select(["recordType", "recordID", "tagID", "count"])
      .orderBy("recordType")
      .orderBy("recordID")
      .orderBy("tagID")
      .execute(),
    scores: {
      discussions: await db
        .selectFrom("discussions")
        .select(["discussionID", "score", "hot"])
        .orderBy("discussionID")
        .execute(),
      comments: (await db.selectFrom("comments").select("score").orderBy("commentID").execute()).map(
        (row) => row.score,
      ),
    },
  };
}

/**
 * Stored counts and scores recomputed from the reaction rows; returns the mismatches (empty when consistent).
 * Tests may count rows: the server never does.
 */
export async function reactionMismatches(context: AppContext): Promise<string[]> {
  const db = context.db;
  const problems: string[] = [];
  const [reactions, counts, types, discussions, comments] = await Promise.all([
    db.selectFrom("reactions").selectAll().execute(),
    db.selectFrom("reactionCounts").selectAll().where("count", ">", 0).execute(),
    db.selectFrom("reactionTypes").select(["tagID", "reactionValue"]).execute(),
    db.selectFrom("discussions").select(["discussionID", "score", "hot", "countComments"]).execute(),
    db.selectFrom("comments").select(["commentID", "score"]).execute(),
  ]);
  const value = new Map(types.map((type) => [type.tagID, type.reactionValue]));
  const expected = new Map<string, number>();
  for (const row of reactions) {
    const key = `${row.recordType}/${row.recordID}/${row.tagID}`;
    expected.set(key, (expected.get(key) ?? 0) + 1);
  }
  const stored = new Map(counts.map((row) => [`${row.recordType}/${row.recordID}/${row.tagID}`, row.count]));
  for (const [key, count] of expected)
    if (stored.get(key) !== count) problems.push(`count ${key} ${stored.get(key)} != ${count}`);
  for (const [key, count] of stored) if (!expected.has(key)) problems.push(`count ${key} ${count} != 0`);
  const scoreOf = (recordType: ReactionRecordType, recordID: number) =>
    reactions
      .filter((row) => row.recordType === recordType && row.recordID === recordID)
      .reduce((sum, row) => sum + (value.get(row.tagID) ?? 0), 0);
  for (const row of discussions) {
    const score = scoreOf("discussion", row.discussionID);
    if (row.score !== score) problems.push(`discussion ${row.discussionID} score ${row.score} != ${score}`);
    if (row.hot !== score + row.countComments)
      problems.push(`discussion ${row.discussionID} hot ${row.hot} != ${score + row.countComments}`);
  }
  for (const row of comments) {
    const score = scoreOf("comment", row.commentID);
    if (row.score !== score) problems.push(`comment ${row.commentID} score ${row.score} != ${score}`);
  }
  return problems;
}
