import type { AppContext } from "@library/server/app/appContext";
import { viewerForUser } from "@library/server/auth/viewerResolver";
import type { Viewer } from "@library/server/permissions/viewer";
import { nameKey } from "@library/server/users/createUserRecord";
import { createConversation } from "../conversations/conversationsCommands";
import { createMessage } from "../messages/messagesCommands";

/** Two members of the forum's demo community; the seed is skipped when they do not exist. */
export const DEMO_CONVERSATION_MEMBERS = ["Maya Chen", "Tomás Rivera"] as const;

async function demoViewer(context: AppContext, name: string): Promise<Viewer | null> {
  const user = await context.db
    .selectFrom("users")
    .select("userID")
    .where("nameKey", "=", nameKey(name))
    .executeTakeFirst();
  return user ? viewerForUser(context, user.userID) : null;
}

/** One conversation between two demo members, started and answered through the same commands as the API. */
export async function seedConversationsDemo(context: AppContext): Promise<void> {
  const [first, second] = await Promise.all(
    DEMO_CONVERSATION_MEMBERS.map((name) => demoViewer(context, name)),
  );
  if (!first || !second) return;
  const conversationID = await createConversation(context, first, {
    participantUserIDs: [second.userID],
    name: "Welcome to the community",
    initialBody:
      "Hi Tomás! Glad you joined. Let me know if you have questions about the **Getting Started** guide.",
    initialFormat: "markdown",
  });
  await createMessage(context, second, {
    conversationID,
    body: "Thanks Maya! I will read it tonight and come back to you.",
    format: "markdown",
  });
}
