import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { NOTIFICATION_PREFERENCES_PATH } from "@library/server/notifications/createNotifications";

/**
 * The welcome mail of a new member (queued in the registration's transaction when mail is configured): what the
 * community is, where to start, and where to choose which emails they get.
 */
export function queueWelcomeEmail(
  context: AppContext,
  trx: DbOrTx,
  user: { name: string; email: string },
  siteUrl: string,
  confirmationFollows: boolean,
): Promise<number> {
  // peek, not get: inside a transaction a refresh would wait for the connection the transaction holds (SQLite).
  const title = context.settings.peek<string>("garden.title");
  return context.mailer.queue(trx, {
    to: user.email,
    subject: `Welcome to ${title}`,
    text: [
      `Hello ${user.name},`,
      "",
      `Welcome to ${title}! Your account is ready${confirmationFollows ? " once you confirm your email address (see the next mail)" : ""}.`,
      "",
      `Start here: ${siteUrl}/`,
      "",
      "We email you when someone mentions you, replies in a discussion you started or sends you a private message.",
      `Choose which emails you get: ${siteUrl}${NOTIFICATION_PREFERENCES_PATH}`,
    ].join("\n"),
  });
}
