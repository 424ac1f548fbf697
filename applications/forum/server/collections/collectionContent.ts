import type {
  CollectionContent,
  CollectionContentsItem,
  CollectionContentsQuery,
  CollectionRecordType,
} from "@forum/api/collections";
import type { Category } from "@forum/api/categories";
import type { Discussion } from "@forum/api/discussions";
import type { AppContext } from "@library/server/app/appContext";
import { ValidationError } from "@library/server/errors/httpErrors";
import { toApiDate } from "@library/server/http/dates";
import { isEnabledLocale } from "@library/server/i18n/siteLocales";
import type { Viewer } from "@library/server/permissions/viewer";
import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "@library/server/db/database";
import { presentCategory } from "../categories/categoriesPresenter";
import { loadFollows } from "../categories/categoriesQueries";
import { categoryIDsWith, getCategoryTree } from "../categories/categoryTree";
import { loadDiscussionRows } from "../discussions/discussionRows";
import { presentDiscussions } from "../discussions/discussionsPresenter";
import { parseRange, type NumberRange } from "../http/rangeFilters";
import type { CollectionRecordTable } from "./collectionTables";
import "./collectionTables";

/** The record types this site can expand: the others belong to add-ons it does not have. */
const EXPANDABLE: readonly CollectionRecordType[] = ["discussion", "category"];
/** What a discussion in a collection shows: what a widget needs to draw it. */
const DISCUSSION_EXPAND = ["insertUser", "category"];

/** Ids are 32-bit on every database. */
const MAX_ID = 2_147_483_647;

type RecordRef = Pick<CollectionRecordTable, "recordType" | "recordID">;
type Expanded = Discussion | Category;

/** API.md 11: a collection's content is asked for in a locale the site has enabled; otherwise 422. */
export async function assertEnabledLocale(context: AppContext, locale: string): Promise<void> {
  if (!(await isEnabledLocale(context, locale)))
    throw ValidationError.field("locale", `The locale ${locale} is not enabled.`, "enum");
}

/**
 * The records the viewer may see, expanded, keyed `type:id` (two batched queries at most). A discussion must be
 * live and in a category the viewer may see; a category must be one they may see.
 */
async function expandRecords(
  context: AppContext,
  viewer: Viewer,
  refs: readonly RecordRef[],
): Promise<Map<string, Expanded>> {
  const tree = await getCategoryTree(context.db);
  const visible = categoryIDsWith(tree, viewer);
  const result = new Map<string, Expanded>();
  const discussionIDs = refs.filter((ref) => ref.recordType === "discussion").map((ref) => ref.recordID);
  const rows = (await loadDiscussionRows(context.db, [...new Set(discussionIDs)])).filter((row) =>
    visible.has(row.categoryID),
  );
  const discussions = await presentDiscussions(context.db, viewer, tree, rows, { expand: DISCUSSION_EXPAND });
  await context.recordExtenders.extend(
    "discussion",
    discussions,
    (discussion) => discussion.discussionID,
    viewer,
    context,
  );
  for (const discussion of discussions) result.set(`discussion:${discussion.discussionID}`, discussion);
  const categoryIDs = refs.filter((ref) => ref.recordType === "category").map((ref) => ref.recordID);
  if (categoryIDs.length > 0) {
    const follows = await loadFollows(context.db, viewer);
    for (const categoryID of categoryIDs) {
      const row = tree.get(categoryID);
      if (row && visible.has(categoryID))
        result.set(`category:${categoryID}`, presentCategory(tree, row, { follows }));
    }
  }
  return result;
}

const keyOf = (ref: RecordRef) => `${ref.recordType}:${ref.recordID}`;

/** `GET /collections/{id}/content/{locale}`: the collection in its order, each record the viewer may see expanded. */
export async function presentCollectionContent(
  context: AppContext,
  viewer: Viewer,
  collection: Omit<CollectionContent, "records"> & {
    records: {
      recordID: number;
      recordType: CollectionRecordType;
      sort: number | null;
      dateAddedToCollection: string;
    }[];
  },
): Promise<CollectionContent> {
  const expanded = await expandRecords(context, viewer, collection.records);
  return {
    ...collection,
    records: collection.records.flatMap((entry) => {
      const record = expanded.get(keyOf(entry));
      return record ? [{ ...entry, record }] : [];
    }),
  };
}

/** Only the collection records a viewer may see: live discussions in visible categories, visible categories. */
function visibleRecords(visible: ReadonlySet<number>) {
  const categoryIDs = visible.size > 0 ? [...visible] : [0];
  return (eb: ExpressionBuilder<Database, "collectionRecords">) =>
    eb.or([
      eb.and([
        eb("collectionRecords.recordType", "=", "category"),
        eb("collectionRecords.recordID", "in", categoryIDs),
      ]),
      eb.and([
        eb("collectionRecords.recordType", "=", "discussion"),
        eb.exists(
          eb
            .selectFrom("discussions")
            .select(sql`1`.as("one"))
            .whereRef("discussions.discussionID", "=", "collectionRecords.recordID")
            .where("discussions.deleteLogID", "is", null)
            .where("discussions.categoryID", "in", categoryIDs),
        ),
      ]),
    ]);
}

/** `collectionID` as a range expression; a number no id can reach is refused (422), never sent to the database. */
function collectionRange(expression: string): NumberRange {
  const range = parseRange(expression, "collectionID");
  const numbers = [...(range.values ?? []), range.min ?? 0, range.max ?? 0];
  if (!numbers.every((value) => Number.isSafeInteger(value) && Math.abs(value) <= MAX_ID))
    throw ValidationError.field("collectionID", "collectionID is not a valid range.");
  return range;
}

/**
 * `GET /collections/contents/{locale}`: records across collections, newest in a collection first, one page of
 * those the viewer may see (filtered in the query, so a full page means there may be more: the "more" pager).
 */
export async function listCollectionContents(
  context: AppContext,
  viewer: Viewer,
  query: CollectionContentsQuery,
  page: { offset: number; limit: number },
): Promise<{ items: CollectionContentsItem[]; rowCount: number }> {
  const tree = await getCategoryTree(context.db);
  const visible = categoryIDsWith(tree, viewer);
  const range = query.collectionID === undefined ? null : collectionRange(query.collectionID);
  const rows = await context.db
    .selectFrom("collectionRecords")
    .innerJoin("collections", "collections.collectionID", "collectionRecords.collectionID")
    .select([
      "collectionRecords.collectionID",
      "collectionRecords.recordType",
      "collectionRecords.recordID",
      "collectionRecords.sort",
      "collectionRecords.dateAddedToCollection",
      "collections.name",
    ])
    .where("collectionRecords.recordType", "in", [...EXPANDABLE])
    .where(visibleRecords(visible))
    .$if(range?.values !== undefined, (qb) =>
      qb.where("collectionRecords.collectionID", "in", range?.values?.length ? range.values : [0]),
    )
    .$if(range?.min !== undefined, (qb) =>
      qb.where("collectionRecords.collectionID", range?.minInclusive === false ? ">" : ">=", range?.min ?? 0),
    )
    .$if(range?.max !== undefined, (qb) =>
      qb.where("collectionRecords.collectionID", range?.maxInclusive === false ? "<" : "<=", range?.max ?? 0),
    )
    .orderBy("collectionRecords.dateAddedToCollection", "desc")
    .orderBy("collectionRecords.collectionID")
    .orderBy("collectionRecords.recordType")
    .orderBy("collectionRecords.recordID")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const expanded = await expandRecords(context, viewer, rows);
  const withCollection = query.expand?.some((name) => name === "collection" || name === "all") ?? false;
  const items = rows.flatMap((row): CollectionContentsItem[] => {
    const record = expanded.get(keyOf(row));
    if (!record) return [];
    return [
      {
        collectionID: row.collectionID,
        recordID: row.recordID,
        recordType: row.recordType as CollectionRecordType,
        sort: row.sort,
        dateAddedToCollection: toApiDate(row.dateAddedToCollection),
        record,
        ...(withCollection ? { collection: { collectionID: row.collectionID, name: row.name } } : {}),
      },
    ];
  });
  // The page's own size decides the "more" pager: a record gone between the two reads does not end the list.
  return { items, rowCount: rows.length };
}
