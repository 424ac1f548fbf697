import type { AppContext } from "@library/server/app/appContext";
import { forumServices } from "@library/server/addons/forumServices";
import { viewerForUser } from "@library/server/auth/viewerResolver";
import type { Viewer } from "@library/server/permissions/viewer";
import { nameKey } from "@library/server/users/createUserRecord";
import { setAnswerAccepted } from "../qna/qnaCommands";
import { refreshQuestionStatus } from "../qna/questionStatus";

async function demoViewer(context: AppContext, name: string): Promise<Viewer | null> {
  const user = await context.db
    .selectFrom("users")
    .select("userID")
    .where("nameKey", "=", nameKey(name))
    .executeTakeFirst();
  return user ? viewerForUser(context, user.userID) : null;
}

/** A question in Getting Started with two answers, one accepted by the asker, through the API's commands. */
export async function seedQnaDemo(context: AppContext): Promise<void> {
  const category = await context.db
    .selectFrom("categories")
    .select("categoryID")
    .where("urlcode", "=", "getting-started")
    .executeTakeFirst();
  const [asker, first, second] = await Promise.all(
    ["Priya Nair", "Jonas Berg", "Tomás Rivera"].map((name) => demoViewer(context, name)),
  );
  if (!category || !asker || !first || !second) return;
  const services = forumServices();
  const discussionID = await services.createDiscussion(context, asker, {
    name: "How do I reset my password if I no longer have my old email?",
    body: "I changed jobs and lost access to the email address on my account. How can I get back in?",
    format: "markdown",
    categoryID: category.categoryID,
    type: "question",
  });
  await services.createComment(context, first, {
    discussionID,
    body: "Try signing in with your username instead; the password reset also accepts it.",
    format: "markdown",
  });
  const accepted = await services.createComment(context, second, {
    discussionID,
    body: "Send a message to a moderator from the contact page: they can change the email on your account after checking who you are, then the reset mail reaches you.",
    format: "markdown",
  });
  await setAnswerAccepted(context, asker, accepted, true);
  await refreshQuestionStatus(context.db, discussionID);
}
