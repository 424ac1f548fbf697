import type { ReactionLogEntry, ReactionLogQuery, ReactionRecordType } from "@forum/api/reactions";
import type { AppContext } from "@library/server/app/appContext";
import { toApiDate } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import { loadUserFragments, userFragmentOf } from "@library/server/users/userFragments";
import { pageRequest } from "../http/expand";
import { getReactableRecord } from "./reactionRecords";
import { getActiveReactionType, listReactionTypes, presentReactionTypeFragment } from "./reactionTypes";
import "./reactionTables";

export interface ReactionLogPage {
  entries: ReactionLogEntry[];
  page: number;
  limit: number;
}

/**
 * `GET /{recordType}s/{id}/reactions` (API.md 9): who reacted, newest first, optionally of one type.
 * Needs discussions.view on the record and reactions.view (DECISION).
 */
export async function listReactionLog(
  context: AppContext,
  viewer: Viewer,
  recordType: ReactionRecordType,
  recordID: number,
  query: ReactionLogQuery,
): Promise<ReactionLogPage> {
  await getReactableRecord(context, viewer, recordType, recordID);
  viewer.require("reactions.view");
  const filterType = query.type ? await getActiveReactionType(context.db, query.type) : null;
  const { page, limit, offset } = pageRequest(query.page, query.limit);
  let select = context.db
    .selectFrom("reactions")
    .select(["userID", "tagID", "dateInserted"])
    .where("recordType", "=", recordType)
    .where("recordID", "=", recordID);
  if (filterType) select = select.where("tagID", "=", filterType.tagID);
  const [rows, types] = await Promise.all([
    select.orderBy("dateInserted", "desc").orderBy("userID", "desc").limit(limit).offset(offset).execute(),
    listReactionTypes(context.db),
  ]);
  const users = await loadUserFragments(
    context.db,
    rows.map((row) => row.userID),
  );
  const typesByID = new Map(types.map((type) => [type.tagID, type]));
  const entries = rows.flatMap((row): ReactionLogEntry[] => {
    const type = typesByID.get(row.tagID);
    if (!type) return [];
    return [
      {
        recordType,
        recordID,
        tagID: row.tagID,
        userID: row.userID,
        dateInserted: toApiDate(row.dateInserted),
        user: userFragmentOf(users, row.userID),
        reactionType: presentReactionTypeFragment(type),
      },
    ];
  });
  return { entries, page, limit };
}
