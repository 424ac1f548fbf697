import type { Expression } from "kysely";
import type { AppContext } from "../app/appContext";
import type { DbOrTx } from "../db/database";
import type { Viewer } from "../permissions/viewer";

/**
 * One record as the search index stores it. Text is plain (no markup); the rest are the fields filters and
 * sorts need without reading the record's own table.
 */
export interface SearchDocument {
  recordType: string;
  recordID: number;
  /** Sub-type (`discussion`, `question`, `comment`, `user`…). */
  type: string;
  name: string;
  body: string;
  /** The category that decides who may see the record; null when it is not in a category. */
  categoryID: number | null;
  discussionID: number | null;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string | null;
}

/** What a result needs besides the index: read from the record's own rows when a page of results is shown. */
export interface SearchRecordView {
  recordID: number;
  name: string;
  /** Site-relative path. */
  path: string;
  bodyHtml: string | null;
  categoryID: number | null;
  discussionID: number | null;
  commentID: number | null;
  insertUserID: number;
  updateUserID: number | null;
  dateInserted: string;
  dateUpdated: string | null;
  score: number;
  labelCodes: string[];
}

/** Filters of `GET /search` that only some record types apply (API.md 15: `knowledgeBaseID`, `knowledgeCategoryIDs`). */
export interface SearchRecordFilters {
  knowledgeBaseID?: number;
  knowledgeCategoryIDs?: readonly number[];
}

/**
 * The records of one type that a query's filters leave, as a subquery: the index runs it inside its own statement,
 * so a filter that leaves ten thousand articles costs no list of ten thousand ids.
 */
export interface SearchRecordNarrowing {
  /**
   * The filters it applies, spelled out: the index's answer cache tells two searches apart by it (two narrowings
   * with the same key leave the same records).
   */
  key: string;
  /** `select <id> from …`: the ids of the records left. */
  recordIDs: Expression<unknown>;
}

/**
 * Who may see a record type's results: by the `discussions.view` grant of the document's category, or by one
 * global permission.
 */
export type SearchVisibility = { kind: "category" } | { kind: "permission"; permission: string };

/**
 * A kind of record the search finds. Applications and add-ons add theirs (knowledge-base articles, groups)
 * through `searchRecordTypes(context).add(type, owner)`; while the owner is off its records are not searched.
 */
export interface SearchRecordType {
  recordType: string;
  /** The search page's domain it belongs to (`all_content`, `user`, `category`…). */
  domain: string;
  /** Sub-types it produces (`types` filter). */
  types: readonly string[];
  visibility: SearchVisibility;
  /**
   * True when `view` depends on who the member is, not only on their roles (membership of a private group):
   * search answers that may include these records are then made for each member instead of shared by role.
   */
  perMember?: boolean;
  /** Documents of these records as they are now; ids missing from the answer are gone (removed from the index). */
  load(db: DbOrTx, recordIDs: readonly number[]): Promise<SearchDocument[]>;
  /**
   * This type's records the filters leave (a subquery of their ids), or null when none of them applies to this
   * type (the filters of other types are ignored). Optional: a type without it ignores these filters.
   */
  narrow?(db: DbOrTx, filters: SearchRecordFilters): SearchRecordNarrowing | null;
  /** Ids in ascending order after `afterID`, at most `limit` (a full rebuild walks the table with it). */
  listIDs(db: DbOrTx, afterID: number, limit: number): Promise<number[]>;
  /** The shown fields of these records, for a page of results; missing ids are dropped from the results. */
  view(
    context: AppContext,
    viewer: Viewer,
    recordIDs: readonly number[],
  ): Promise<Map<number, SearchRecordView>>;
}

interface RegisteredType {
  type: SearchRecordType;
  owner: string;
}

/** The record types of one app, in registration order. */
export class SearchRecordTypeRegistry {
  private readonly types = new Map<string, RegisteredType>();

  constructor(private readonly isOwnerActive: (owner: string) => boolean) {}

  add(type: SearchRecordType, owner: string): void {
    this.types.set(type.recordType, { type, owner });
  }

  /** The types whose owner runs now. */
  active(): SearchRecordType[] {
    return [...this.types.values()]
      .filter((entry) => this.isOwnerActive(entry.owner))
      .map((entry) => entry.type);
  }

  get(recordType: string): SearchRecordType | undefined {
    const entry = this.types.get(recordType);
    return entry && this.isOwnerActive(entry.owner) ? entry.type : undefined;
  }
}

const registries = new WeakMap<AppContext, SearchRecordTypeRegistry>();

/** The search record types of an app (one registry per app context, so tests build as many apps as they like). */
export function searchRecordTypes(context: AppContext): SearchRecordTypeRegistry {
  let registry = registries.get(context);
  if (!registry) {
    registry = new SearchRecordTypeRegistry((owner) => context.addons.isActive(owner));
    registries.set(context, registry);
  }
  return registry;
}
