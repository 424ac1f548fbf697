import { Type } from "@sinclair/typebox";
import {
  UserFragmentSchema,
  UserGetQuerySchema,
  UserIDParamsSchema,
  UserListQuerySchema,
  UserSchema,
  UsersByNamesQuerySchema,
} from "@forum/api/users";
import type { AppContext } from "@library/server/app/appContext";
import { GoneError, NotFoundError, PermissionError } from "@library/server/errors/httpErrors";
import { setPagingHeaders } from "@library/server/http/pagination";
import type { Viewer } from "@library/server/permissions/viewer";
import type { FastifyInstance } from "fastify";
import { typedRoutes } from "@library/server/http/typeBoxProvider";
import { listUsers, listUsersByNames } from "./userListQueries";
import {
  PERSONAL_INFO_PERMISSIONS,
  presentPrivateUser,
  presentUserForViewer,
  presentUserFragment,
  userViewFor,
  type UserViewOptions,
} from "./usersPresenter";
import { getUserRow, rolesByUser, type UserRow } from "./usersQueries";
import { PROFILE_READ_PERMISSIONS } from "@library/server/users/userProfiles";
import { postMutesAvailable, postMutesOf } from "@library/server/users/postMutes";
import { toApiDate } from "@library/server/http/dates";
import { MEMBER_MODERATION_PERMISSIONS } from "./userPostMutes";

export const USER_DELETED_MESSAGE = "This user has been deleted.";
/** Any one of these lets a viewer read other users' profiles. */
export { PROFILE_READ_PERMISSIONS };

async function viewOptions(context: AppContext): Promise<UserViewOptions> {
  return { bannedPrivateProfile: await context.settings.get<boolean>("ui.bannedPrivateProfile") };
}

/** Presents rows for a viewer, loading roles only for the rows shown in full. */
export async function presentUsersForViewer(context: AppContext, viewer: Viewer, rows: readonly UserRow[]) {
  const options = await viewOptions(context);
  const fullIDs = rows.filter((row) => userViewFor(viewer, row, options) === "full").map((row) => row.userID);
  const roles = await rolesByUser(context.db, fullIDs);
  const users = rows.map((row) => presentUserForViewer(viewer, row, roles.get(row.userID) ?? [], options));
  // Moderators see whose posting is muted, and until when.
  if (postMutesAvailable(context) && viewer.has(MEMBER_MODERATION_PERMISSIONS)) {
    const mutes = await postMutesOf(context.db, fullIDs);
    for (const user of users)
      if (fullIDs.includes(user.userID)) user.dateMutedUntil = toApiDate(mutes.get(user.userID) ?? null);
  }
  // Labels (a rank) beside the names of the records that show them, and the fields add-ons add to users.
  await context.userLabels.addLabels(
    context,
    users.filter((user) => user.dateInserted !== undefined),
  );
  // Fields add-ons add to users (a rank, badges), loaded once for the whole list.
  return context.recordExtenders.extend("user", users, (user) => user.userID, viewer, context);
}

/** Reading users: mention look-up, the filtered list, and one profile (API.md 4.2). */
export function usersRoutes(api: FastifyInstance, context: AppContext): void {
  const routes = typedRoutes(api);

  routes.get(
    "/users/by-names",
    { schema: { querystring: UsersByNamesQuerySchema, response: { 200: Type.Array(UserFragmentSchema) } } },
    async (request, reply) => {
      const { viewer, query } = request;
      const rows = await listUsersByNames(context.db, query);
      const options = await viewOptions(context);
      setPagingHeaders(
        request,
        reply,
        { page: query.page ?? 1, limit: query.limit ?? 30, count: rows.length },
        context.config.siteUrl,
      );
      return rows.map((row) =>
        userViewFor(viewer, row, options) === "private"
          ? { ...presentUserFragment(row), dateLastActive: null, title: null, private: true }
          : presentUserFragment(row),
      );
    },
  );

  routes.get(
    "/users",
    { schema: { querystring: UserListQuerySchema, response: { 200: Type.Array(UserSchema) } } },
    async (request, reply) => {
      const { viewer, query } = request;
      viewer.require(PROFILE_READ_PERMISSIONS);
      const canSeeEmails = viewer.has(PERSONAL_INFO_PERMISSIONS);
      if (query.email !== undefined && !canSeeEmails) throw new PermissionError(PERSONAL_INFO_PERMISSIONS);
      const { rows, total } = await listUsers(context, query, canSeeEmails);
      setPagingHeaders(
        request,
        reply,
        { page: query.page ?? 1, limit: query.limit ?? 30, total },
        context.config.siteUrl,
      );
      return presentUsersForViewer(context, viewer, rows);
    },
  );

  routes.get(
    "/users/:id",
    {
      schema: { params: UserIDParamsSchema, querystring: UserGetQuerySchema, response: { 200: UserSchema } },
      // A profile is read by everyone who may see profiles: reading it is not acting on the member.
      config: { actsOnUser: false },
    },
    async (request) => {
      const { viewer } = request;
      const row = await getUserRow(context.db, request.params.id);
      if (!row) throw new NotFoundError("User");
      if (row.userID !== viewer.userID) viewer.require(PROFILE_READ_PERMISSIONS);
      if (row.deleted === 1) throw new GoneError(USER_DELETED_MESSAGE);
      const [user] = await presentUsersForViewer(context, viewer, [row]);
      return user ?? presentPrivateUser(row);
    },
  );
}
