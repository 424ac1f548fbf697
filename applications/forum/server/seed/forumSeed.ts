import type { AppContext } from "@library/server/app/appContext";
import { randomToken } from "@library/server/auth/passwords";
import { roleIDsByType } from "@library/server/db/defaultRoles";
import { createUserRecord } from "@library/server/users/createUserRecord";
import { sql } from "kysely";
import { rebuildCategoryTree, recountCategoryContent } from "../categories/categoryCounts";
import { writeCategoryGrants } from "../categories/categoryPermissions";
import { invalidateCategoryTree } from "../categories/categoryTree";
import { newCategoryRow } from "../categories/newCategoryRow";
import { prepareBody } from "../content/bodies";
import { replyBody } from "./rich2Builders";
import { SEED_CATEGORIES, SEED_MEMBERS } from "./seedCommunity";
import { SEED_THREADS } from "./seedContent";

const HOUR = 3600 * 1000;

/** A small, real-looking community: categories, members, threads and replies spread over four weeks. */
export async function seedForumDemo(context: AppContext): Promise<void> {
  const existing = await context.db.selectFrom("categories").select("categoryID").limit(1).executeTakeFirst();
  if (existing) return;
  const [memberRoleID] = await roleIDsByType(context.db, "member");
  const now = Date.now();
  await context.db.transaction().execute(async (trx) => {
    const memberIDs: number[] = [];
    for (const name of SEED_MEMBERS) {
      memberIDs.push(
        await createUserRecord(trx, {
          name,
          email: `${name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.com`,
          password: randomToken(16),
          roleIDs: memberRoleID === undefined ? [] : [memberRoleID],
        }),
      );
    }
    const categoryIDs = new Map<string, number>();
    for (const [index, category] of SEED_CATEGORIES.entries()) {
      const { categoryID } = await trx
        .insertInto("categories")
        .values(
          newCategoryRow({
            parentCategoryID: category.parent ? (categoryIDs.get(category.parent) ?? null) : null,
            sort: index,
            name: category.name,
            urlcode: category.key,
            description: category.description,
            displayAs: "displayAs" in category ? category.displayAs : "discussions",
            allowedDiscussionTypes: ["discussion", "question", "idea"],
            dateInserted: new Date(now - 30 * 24 * HOUR).toISOString(),
          }),
        )
        .returning("categoryID")
        .executeTakeFirstOrThrow();
      categoryIDs.set(category.key, categoryID);
      if ("staffStartsDiscussions" in category && memberRoleID !== undefined) {
        await trx
          .updateTable("categories")
          .set({ customPermissions: 1 })
          .where("categoryID", "=", categoryID)
          .execute();
        await writeCategoryGrants(
          trx,
          categoryID,
          [{ roleID: memberRoleID, permissions: { "discussions.view": true, "comments.add": true } }],
          true,
        );
      }
    }
    const postCounts = new Map<number, { discussions: number; comments: number }>();
    const bump = (userID: number, key: "discussions" | "comments") => {
      const counts = postCounts.get(userID) ?? { discussions: 0, comments: 0 };
      counts[key] += 1;
      postCounts.set(userID, counts);
    };
    for (const thread of SEED_THREADS) {
      const authorID = memberIDs[thread.author] ?? memberIDs[0] ?? 0;
      const started = now - thread.daysAgo * 24 * HOUR;
      const dateInserted = new Date(started).toISOString();
      const { discussionID } = await trx
        .insertInto("discussions")
        .values({
          type: "discussion",
          categoryID: categoryIDs.get(thread.category) ?? 0,
          name: thread.name,
          ...prepareBody("rich2", JSON.stringify(thread.body)),
          insertUserID: authorID,
          dateInserted,
          updateUserID: null,
          dateUpdated: null,
          dateLastComment: dateInserted,
          lastUserID: authorID,
          lastCommentID: null,
          countComments: 0,
          countViews: 0,
          score: 0,
          hot: 0,
          pinned: thread.pinned ? 1 : 0,
          pinLocation: thread.pinned ? "recent" : null,
          closed: 0,
          sink: 0,
          statusID: 0,
          resolved: 0,
        })
        .returning("discussionID")
        .executeTakeFirstOrThrow();
      bump(authorID, "discussions");
      let last: { commentID: number; userID: number; date: string } | null = null;
      for (const [index, text] of thread.replies.entries()) {
        const userID = memberIDs[(thread.author + index + 1) % memberIDs.length] ?? authorID;
        const date = new Date(Math.min(now - HOUR, started + (index + 1) * 7 * HOUR)).toISOString();
        const { commentID } = await trx
          .insertInto("comments")
          .values({
            discussionID,
            parentCommentID: null,
            depth: 1,
            ...prepareBody("rich2", replyBody(text)),
            insertUserID: userID,
            dateInserted: date,
            updateUserID: null,
            dateUpdated: null,
            score: 0,
            countChildComments: 0,
          })
          .returning("commentID")
          .executeTakeFirstOrThrow();
        bump(userID, "comments");
        last = { commentID, userID, date };
      }
      if (last)
        await trx
          .updateTable("discussions")
          .set({
            countComments: thread.replies.length,
            hot: thread.replies.length,
            lastCommentID: last.commentID,
            lastUserID: last.userID,
            dateLastComment: last.date,
          })
          .where("discussionID", "=", discussionID)
          .execute();
    }
    for (const [userID, counts] of postCounts)
      await trx
        .updateTable("users")
        .set({
          countDiscussions: sql`"countDiscussions" + ${counts.discussions}`,
          countComments: sql`"countComments" + ${counts.comments}`,
        })
        .where("userID", "=", userID)
        .execute();
    await recountCategoryContent(trx, [...categoryIDs.values()]);
    await rebuildCategoryTree(trx);
  });
  invalidateCategoryTree(context.db);
}
