import type { DiscussionVisibility } from "@library/server/addons/discussionVisibility";
import type { DiscussionSort } from "@forum/api/discussions";
import type { Database } from "@library/server/db/database";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { DateRange, NumberRange } from "../http/rangeFilters";

/** Everything a discussion list can be narrowed by, already resolved against the viewer's categories. */
export interface DiscussionFilter {
  /** Only these categories (null: no restriction). */
  categoryIDs: readonly number[] | null;
  /** Never these categories (the smaller side of the visibility split). */
  excludedCategoryIDs?: readonly number[];
  discussionID?: NumberRange;
  /** Never these discussions (the announcements already listed first). */
  excludedDiscussionIDs?: readonly number[];
  insertUserIDs?: readonly number[];
  dateInserted?: DateRange;
  dateUpdated?: DateRange;
  dateLastComment?: DateRange;
  types?: readonly string[];
  pinned?: boolean;
  /** Announcements shown at the top of the whole list (pinOrder=first); the category scope decides which. */
  pinnedRecentOnly?: boolean;
  hasComments?: boolean;
  /** Only discussions of these public statuses. */
  statusIDs?: readonly number[];
  /** Only discussions carrying any of these tags (the tag page). */
  tagIDs?: readonly number[];
  /** The session user's unread (or never opened) discussions. */
  readState?: {
    userID: number;
    kind: "unread" | "new";
    /** The start of the "new" window before the member's joining is counted (readStates.ts newActivityFloor). */
    windowStart: string;
  };
  /** What add-ons' visibility rules let the viewer see (a group's discussions: its members). */
  visibility?: DiscussionVisibility["conditions"];
}

export type SortColumn = "dateLastComment" | "dateInserted" | "discussionID" | "score" | "hot";

export interface SortSpec {
  column: SortColumn;
  direction: "asc" | "desc";
}

export function sortSpec(sort: DiscussionSort | undefined): SortSpec {
  const value = sort ?? "-dateLastComment";
  return value.startsWith("-")
    ? { column: value.slice(1) as SortColumn, direction: "desc" }
    : { column: value as SortColumn, direction: "asc" };
}

type EB = ExpressionBuilder<Database, "discussions">;

function dateConditions(
  eb: EB,
  column: "dateInserted" | "dateUpdated" | "dateLastComment",
  range: DateRange,
) {
  const conditions: Expression<SqlBool>[] = [];
  if (range.from !== undefined) conditions.push(eb(column, range.fromInclusive ? ">=" : ">", range.from));
  if (range.to !== undefined) conditions.push(eb(column, range.toInclusive ? "<=" : "<", range.to));
  return conditions;
}

/**
 * Unread or new for one member, as readState/readStates.ts decides it: after the latest "mark as read" of the
 * discussion's category (or of everything), and not fully read (unread) or never opened (new); one never opened
 * only with activity in the member's "new" window.
 */
function readStateCondition(readState: NonNullable<DiscussionFilter["readState"]>): Expression<SqlBool> {
  const { userID, kind, windowStart } = readState;
  const mark = sql`COALESCE((SELECT MAX("readMarks"."dateMarkedRead") FROM "readMarks" WHERE "readMarks"."userID" = ${userID} AND "readMarks"."categoryID" IN (0, "discussions"."categoryID")), '')`;
  const floor = sql`(SELECT CASE WHEN "users"."dateInserted" > ${windowStart} THEN "users"."dateInserted" ELSE ${windowStart} END FROM "users" WHERE "users"."userID" = ${userID})`;
  const opened = sql`EXISTS (SELECT 1 FROM "userDiscussions" WHERE "userDiscussions"."userID" = ${userID} AND "userDiscussions"."discussionID" = "discussions"."discussionID" AND "userDiscussions"."dateLastViewed" IS NOT NULL)`;
  if (kind === "new")
    return sql<SqlBool>`("discussions"."dateInserted" > ${mark} AND "discussions"."dateLastComment" > ${floor} AND NOT ${opened})`;
  return sql<SqlBool>`("discussions"."dateLastComment" > ${mark} AND ("discussions"."dateLastComment" > ${floor} OR ${opened}) AND NOT EXISTS (SELECT 1 FROM "userDiscussions" WHERE "userDiscussions"."userID" = ${userID} AND "userDiscussions"."discussionID" = "discussions"."discussionID" AND "userDiscussions"."dateLastViewed" IS NOT NULL AND "userDiscussions"."countCommentsRead" >= "discussions"."countComments"))`;
}

/** The WHERE of a discussion list. */
export function discussionConditions(eb: EB, filter: DiscussionFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb("deleteLogID", "is", null)];
  if (filter.categoryIDs) {
    conditions.push(
      filter.categoryIDs.length === 1
        ? eb("categoryID", "=", filter.categoryIDs[0] ?? 0)
        : eb("categoryID", "in", filter.categoryIDs.length > 0 ? [...filter.categoryIDs] : [-1]),
    );
  }
  if (filter.excludedCategoryIDs && filter.excludedCategoryIDs.length > 0)
    conditions.push(eb("categoryID", "not in", [...filter.excludedCategoryIDs]));
  const ids = filter.discussionID;
  if (ids?.values) conditions.push(eb("discussionID", "in", ids.values.length > 0 ? ids.values : [-1]));
  if (ids?.min !== undefined) conditions.push(eb("discussionID", ids.minInclusive ? ">=" : ">", ids.min));
  if (ids?.max !== undefined) conditions.push(eb("discussionID", ids.maxInclusive ? "<=" : "<", ids.max));
  if (filter.excludedDiscussionIDs && filter.excludedDiscussionIDs.length > 0)
    conditions.push(eb("discussionID", "not in", [...filter.excludedDiscussionIDs]));
  if (filter.insertUserIDs)
    conditions.push(
      filter.insertUserIDs.length === 1
        ? eb("insertUserID", "=", filter.insertUserIDs[0] ?? 0)
        : eb("insertUserID", "in", [...filter.insertUserIDs]),
    );
  if (filter.dateInserted) conditions.push(...dateConditions(eb, "dateInserted", filter.dateInserted));
  if (filter.dateUpdated) conditions.push(...dateConditions(eb, "dateUpdated", filter.dateUpdated));
  if (filter.dateLastComment)
    conditions.push(...dateConditions(eb, "dateLastComment", filter.dateLastComment));
  if (filter.types) conditions.push(eb("type", "in", filter.types.length > 0 ? [...filter.types] : [""]));
  if (filter.pinned !== undefined) conditions.push(eb("pinned", "=", filter.pinned ? 1 : 0));
  if (filter.pinnedRecentOnly) conditions.push(eb("pinLocation", "=", "recent"));
  if (filter.hasComments !== undefined)
    conditions.push(filter.hasComments ? eb("countComments", ">", 0) : eb("countComments", "=", 0));
  if (filter.statusIDs)
    conditions.push(eb("statusID", "in", filter.statusIDs.length > 0 ? [...filter.statusIDs] : [-1]));
  if (filter.readState) conditions.push(readStateCondition(filter.readState));
  for (const visible of filter.visibility ?? []) conditions.push(visible(eb.ref("discussions.discussionID")));
  if (filter.tagIDs)
    conditions.push(
      eb(
        "discussionID",
        "in",
        eb
          .selectFrom("tagDiscussions")
          .select("tagDiscussions.discussionID")
          .where("tagDiscussions.tagID", "in", filter.tagIDs.length > 0 ? [...filter.tagIDs] : [-1]),
      ),
    );
  return eb.and(conditions);
}

/** True when only the category scope narrows the list, so stored counts give the total. */
export function onlyCategoryScope(filter: DiscussionFilter): boolean {
  return (
    !filter.discussionID &&
    !filter.insertUserIDs &&
    !filter.dateInserted &&
    !filter.dateUpdated &&
    !filter.dateLastComment &&
    !filter.types &&
    filter.pinned === undefined &&
    filter.hasComments === undefined &&
    filter.statusIDs === undefined &&
    filter.readState === undefined &&
    filter.tagIDs === undefined &&
    (filter.visibility ?? []).length === 0
  );
}
