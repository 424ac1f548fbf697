import type { AppContext } from "@library/server/app/appContext";
import { viewerForUser } from "@library/server/auth/viewerResolver";
import type { Viewer } from "@library/server/permissions/viewer";
import { nameKey } from "@library/server/users/createUserRecord";
import { forumServices } from "@library/server/addons/forumServices";
import { POLL_POST_TYPE } from "../polls/pollDefinition";
import { castVote } from "../polls/pollsCommands";

/** Demo members who vote (the seed is skipped when the forum's demo community is not there). */
const DEMO_VOTERS = [
  ["Maya Chen", [0]],
  ["Tomás Rivera", [1]],
  ["Priya Nair", [0]],
  ["Jonas Berg", [2]],
] as const;

async function demoViewer(context: AppContext, name: string): Promise<Viewer | null> {
  const user = await context.db
    .selectFrom("users")
    .select("userID")
    .where("nameKey", "=", nameKey(name))
    .executeTakeFirst();
  return user ? viewerForUser(context, user.userID) : null;
}

/** A poll in the General category with a vote from each demo member, made through the API's commands. */
export async function seedPollsDemo(context: AppContext): Promise<void> {
  const category = await context.db
    .selectFrom("categories")
    .select("categoryID")
    .where("urlcode", "=", "general")
    .executeTakeFirst();
  const author = await demoViewer(context, DEMO_VOTERS[0][0]);
  if (!category || !author) return;
  const discussionID = await forumServices().createDiscussion(context, author, {
    name: "Which day suits the monthly community call?",
    body: "We are setting up a monthly call to demo what is new and answer questions live. Vote for the day that works best for you.",
    format: "markdown",
    categoryID: category.categoryID,
    postTypeID: POLL_POST_TYPE,
    postMeta: {
      question: "Which day suits you best?",
      options: "Tuesday\nWednesday\nThursday",
      multipleChoice: false,
    },
  });
  for (const [name, optionIDs] of DEMO_VOTERS) {
    const voter = await demoViewer(context, name);
    if (voter) await castVote(context, voter, discussionID, [...optionIDs]);
  }
}
