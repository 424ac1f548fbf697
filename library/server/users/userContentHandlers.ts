import type { DeleteMethod } from "@forum/api/users";
import type { DbOrTx } from "../db/database";

/** What a feature does with a deleted user's content (`keep`, `wipe` = blank it, `delete`), inside the transaction. */
export type UserContentHandler = (trx: DbOrTx, userID: number, method: DeleteMethod) => Promise<void>;

const contentHandlers = new Map<string, UserContentHandler>();

/**
 * Features that own user content (discussions, comments, messages) register how it follows a deletion.
 * Registering again under the same key replaces the handler, so building several apps in one process is safe.
 */
export function registerUserContentHandler(key: string, handler: UserContentHandler): void {
  contentHandlers.set(key, handler);
}

/** Runs every registered handler, in registration order, with the caller's transaction. */
export async function applyUserContentHandlers(
  trx: DbOrTx,
  userID: number,
  method: DeleteMethod,
): Promise<void> {
  for (const handler of contentHandlers.values()) await handler(trx, userID, method);
}
