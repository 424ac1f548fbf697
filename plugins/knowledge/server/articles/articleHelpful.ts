import type { AppContext } from "@library/server/app/appContext";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { ClientError, NotFoundError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { KB_VIEW } from "../knowledgePermissions";
import "../tables";

/**
 * 'Was this helpful?': a member's one vote on a published article (the primary key keeps it one); voting again
 * changes it. The article's yes and no counts move under the article's lock.
 */
export async function setHelpfulVote(
  context: AppContext,
  viewer: Viewer,
  articleID: number,
  helpful: "yes" | "no",
): Promise<void> {
  viewer.require(["session.valid"]);
  viewer.require(KB_VIEW);
  const value = helpful === "yes" ? 1 : 0;
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const article = await trx
      .selectFrom("articles")
      .select(["articleID", "status"])
      .where("articleID", "=", articleID)
      .$call(forUpdate(context.dialect))
      .executeTakeFirst();
    if (!article) throw new NotFoundError("Article");
    if (article.status !== "published") throw new ClientError("Only published articles take votes.");
    const previous = await trx
      .selectFrom("articleHelpfulVotes")
      .select("helpful")
      .where("articleID", "=", articleID)
      .where("userID", "=", viewer.userID)
      .executeTakeFirst();
    if (previous?.helpful === value) return;
    await trx
      .insertInto("articleHelpfulVotes")
      .values({ articleID, userID: viewer.userID, helpful: value, dateInserted: nowIso() })
      .onConflict((conflict) => conflict.columns(["articleID", "userID"]).doUpdateSet({ helpful: value }))
      .execute();
    const yes = value - (previous?.helpful ?? 0);
    const no = 1 - value - (previous === undefined ? 0 : 1 - previous.helpful);
    await trx
      .updateTable("articles")
      .set((eb) => ({
        countHelpful: eb("countHelpful", "+", yes),
        countNotHelpful: eb("countNotHelpful", "+", no),
      }))
      .where("articleID", "=", articleID)
      .execute();
  });
}
