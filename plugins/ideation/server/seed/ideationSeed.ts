import type { AppContext } from "@library/server/app/appContext";
import { forumServices } from "@library/server/addons/forumServices";
import { viewerForUser } from "@library/server/auth/viewerResolver";
import type { Viewer } from "@library/server/permissions/viewer";
import { nameKey } from "@library/server/users/createUserRecord";
import { setIdeaVote } from "../ideas/ideaCommands";

async function demoViewer(context: AppContext, name: string): Promise<Viewer | null> {
  const user = await context.db
    .selectFrom("users")
    .select("userID")
    .where("nameKey", "=", nameKey(name))
    .executeTakeFirst();
  return user ? viewerForUser(context, user.userID) : null;
}

/** Two ideas in Feature Requests with votes, so the list sorted by votes has an order to show. */
export async function seedIdeationDemo(context: AppContext): Promise<void> {
  const category = await context.db
    .selectFrom("categories")
    .select("categoryID")
    .where("urlcode", "=", "feature-requests")
    .executeTakeFirst();
  const members = await Promise.all(
    ["Jonas Berg", "Maya Chen", "Tomás Rivera", "Priya Nair"].map((name) => demoViewer(context, name)),
  );
  const [author, ...voters] = members;
  if (!category || !author || voters.some((voter) => !voter)) return;
  const services = forumServices();
  const darkMode = await services.createDiscussion(context, author, {
    name: "Add a dark theme",
    body: "Reading in the evening would be easier on the eyes with a dark theme.",
    format: "markdown",
    categoryID: category.categoryID,
    type: "idea",
  });
  const digest = await services.createDiscussion(context, author, {
    name: "A weekly email digest of popular discussions",
    body: "One email a week with the most active discussions of the categories I follow.",
    format: "markdown",
    categoryID: category.categoryID,
    type: "idea",
  });
  for (const voter of voters) if (voter) await setIdeaVote(context, voter, darkMode, 1);
  if (voters[0]) await setIdeaVote(context, voters[0], digest, 1);
  if (voters[1]) await setIdeaVote(context, voters[1], digest, -1);
}
