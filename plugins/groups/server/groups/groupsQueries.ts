import type { GroupListQuery } from "../../api/groupsApi";
import type { AppContext } from "@library/server/app/appContext";
import type { Viewer } from "@library/server/permissions/viewer";
import { moderatesGroups, type GroupRow } from "./groupAccess";

/** `GET /groups`: the directory, most members first; secret groups only for their members and moderators. */
export async function listGroups(
  context: AppContext,
  viewer: Viewer,
  query: GroupListQuery,
): Promise<{ rows: GroupRow[]; page: number; limit: number }> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 30;
  let select = context.db.selectFrom("groups").selectAll();
  if (!moderatesGroups(viewer)) {
    const memberOf = context.db
      .selectFrom("groupMembers")
      .select("groupMembers.groupID")
      .where("groupMembers.userID", "=", viewer.isGuest ? -1 : viewer.userID);
    select = select.where((eb) => eb.or([eb("privacy", "<>", "secret"), eb("groupID", "in", memberOf)]));
  }
  if (query.memberUserID !== undefined) {
    const ofMember = context.db
      .selectFrom("groupMembers")
      .select("groupMembers.groupID")
      .where("groupMembers.userID", "=", query.memberUserID);
    select = select.where("groupID", "in", ofMember);
  }
  const rows = await select
    .orderBy("countMembers", "desc")
    .orderBy("groupID", "asc")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { rows, page, limit };
}
