import type { AppContext } from "@library/server/app/appContext";
import { nowIso } from "@library/server/http/dates";
import { sql } from "kysely";
import { addMember } from "../groups/groupsCommands";

/** The newest discussion, or null when there is none or the forum does not run here (no discussions table). */
async function newestDiscussionID(context: AppContext): Promise<number | null> {
  try {
    const row = await context.db
      .selectFrom("discussions")
      .select("discussionID")
      .where("deleteLogID", "is", null)
      .orderBy("discussionID", "desc")
      .executeTakeFirst();
    return row?.discussionID ?? null;
  } catch {
    return null;
  }
}

/**
 * Demo groups: a public one with a discussion (when the forum runs and has one), a private one and a secret one.
 */
export async function seedGroupsDemo(context: AppContext): Promise<void> {
  const users = await context.db
    .selectFrom("users")
    .select("userID")
    .where("deleted", "=", 0)
    .orderBy("userID")
    .limit(4)
    .execute();
  const [first, second, third] = users.map((user) => user.userID);
  if (first === undefined) return;
  const demo = [
    { name: "Photography Club", privacy: "public", description: "Share your shots and get feedback." },
    { name: "Beta Testers", privacy: "private", description: "Try new features first. Ask to join." },
    { name: "Organizers", privacy: "secret", description: "Planning the next community meetup." },
  ];
  // Read before the transaction: on PostgreSQL a failed statement would abort it.
  const discussionID = await newestDiscussionID(context);
  await context.db.transaction().execute(async (trx) => {
    for (const group of demo) {
      const { groupID } = await trx
        .insertInto("groups")
        .values({
          ...group,
          insertUserID: first,
          dateInserted: nowIso(),
          dateUpdated: null,
          countMembers: 0,
          countDiscussions: 0,
        })
        .returning("groupID")
        .executeTakeFirstOrThrow();
      await addMember(trx, groupID, first, "leader");
      if (second !== undefined) await addMember(trx, groupID, second, "member");
      if (third !== undefined && group.privacy === "public") await addMember(trx, groupID, third, "member");
      if (group.privacy === "public" && discussionID !== null) {
        await trx.insertInto("groupDiscussions").values({ discussionID, groupID }).execute();
        await trx
          .updateTable("groups")
          .set({ countDiscussions: sql`"countDiscussions" + 1` })
          .where("groupID", "=", groupID)
          .execute();
      }
    }
  });
}
