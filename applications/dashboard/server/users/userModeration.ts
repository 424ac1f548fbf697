import type { DeleteMethod } from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { deleteUserSessions } from "@library/server/auth/sessions";
import { ClientError, GoneError, NotFoundError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { applyUserContentHandlers } from "@library/server/users/userContentHandlers";
import { assertNotHigherThanEditor } from "./userEditGuards";
import { getUserRow, type UserRow } from "./usersQueries";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { keepingASiteManager } from "../roles/administratorGuard";

export const CANNOT_DELETE_SELF_MESSAGE = "You cannot delete your own account.";

async function existingUser(context: AppContext, userID: number): Promise<UserRow> {
  const row = await getUserRow(context.db, userID);
  if (!row) throw new NotFoundError("User");
  if (row.deleted === 1) throw new GoneError("This user has been deleted.");
  return row;
}

/**
 * `DELETE /users/{id}` (users.delete): marks the account deleted, frees its name and email keys
 * (`deleted-<id>`) so they can be registered again, removes its credentials and sessions, and lets content
 * owners apply the delete method.
 */
export async function deleteUser(
  context: AppContext,
  viewer: Viewer,
  userID: number,
  method: DeleteMethod,
): Promise<void> {
  viewer.require("users.delete");
  if (viewer.userID === userID) throw new ClientError(CANNOT_DELETE_SELF_MESSAGE);
  const row = await existingUser(context, userID);
  await assertNotHigherThanEditor(context, viewer, row);
  // Content first (its handlers lock categories, discussions and comments), the user row last: the lock order
  // of docs/concurrency.md. A deadlock or serialization failure re-runs the whole transaction.
  // Roles are locked first, so deleting the last member who can manage the site is refused (409).
  await writeTransaction(context.db, context.dialect, (trx) =>
    keepingASiteManager(trx, context.dialect, async () => {
      await applyUserContentHandlers(trx, userID, method);
      const freedKey = `deleted-${userID}`;
      await trx
        .updateTable("users")
        .set({
          deleted: 1,
          nameKey: freedKey,
          emailKey: freedKey,
          password: null,
          confirmationCode: null,
          dateUpdated: nowIso(),
        })
        .where("userID", "=", userID)
        .execute();
      await deleteUserSessions(trx, userID);
      await trx.deleteFrom("accessTokens").where("userID", "=", userID).execute();
      await trx.deleteFrom("passwordResets").where("userID", "=", userID).execute();
      await trx.deleteFrom("userBans").where("userID", "=", userID).execute();
    }),
  );
}
