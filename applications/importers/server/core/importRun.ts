import type { AppContext } from "@library/server/app/appContext";
import { recountCounters } from "@library/server/cli/recountCounters";
import { roleIDsByType } from "@library/server/db/defaultRoles";
import type { DbOrTx } from "@library/server/db/database";
import "@library/server/search/siteSearch";
import { rebuildCategoryTree } from "../../../forum/server/categories/categoryCounts";
import { invalidateCategoryTree } from "../../../forum/server/categories/categoryTree";
import { AvatarDownloads, type AvatarFetchOptions } from "./importAvatars";
import { ImportMap } from "./importMap";
import { ProgressDisplay, type ProgressStream } from "./importProgressDisplay";
import { emptyReport, IMPORT_KINDS, type ImportReport } from "./importReport";
import type { ImportedUser, ImportKind, ImportSource } from "./importSource";
import {
  reactionForeignID,
  writeCategory,
  writeComment,
  writeDiscussion,
  writeReaction,
  writeUser,
  type WriteContext,
  type WriteResult,
} from "./importWriters";

export interface ImportRunOptions {
  /** Progress goes to `progress` when given (a terminal gets redrawn bars), else as lines to `io.err`. */
  io: { out(text: string): void; err(text: string): void };
  progress?: ProgressStream;
  /** Aborted (Ctrl-C): the run stops after the batch it is writing; nothing is half-written. */
  signal?: AbortSignal;
  /** Records written per transaction. */
  batchSize?: number;
  /** How members' photos are downloaded (tests shorten the timeout). */
  avatars?: AvatarFetchOptions;
}

const DEFAULT_BATCH_SIZE = 50;

/** The search record type of each kind whose records the search index keeps (others follow on their own). */
const SEARCH_RECORD_TYPE: Partial<Record<ImportKind, string>> = {
  discussions: "discussion",
  comments: "comment",
  users: "user",
  categories: "category",
};

interface AnyRecord {
  foreignID?: string;
}

function foreignIDOf(kind: ImportKind, record: unknown): string {
  if (kind === "reactions") return reactionForeignID(record as Parameters<typeof reactionForeignID>[0]);
  return (record as AnyRecord).foreignID ?? "";
}

function writerOf(
  kind: ImportKind,
): (write: WriteContext, trx: DbOrTx, record: never) => Promise<WriteResult> {
  switch (kind) {
    case "categories":
      return writeCategory;
    case "users":
      return writeUser;
    case "discussions":
      return writeDiscussion;
    case "comments":
      return writeComment;
    case "reactions":
      return writeReaction;
  }
}

async function writeContextOf(
  context: AppContext,
  map: ImportMap,
  avatars: AvatarDownloads,
): Promise<WriteContext> {
  const roleRows = await context.db.selectFrom("roles").select(["roleID", "name", "type"]).execute();
  const [memberRoleID] = await roleIDsByType(context.db, "member");
  const reactionTypes = await context.db.selectFrom("reactionTypes").select(["tagID", "urlcode"]).execute();
  return {
    context,
    map,
    roles: {
      byName: new Map(roleRows.map((role) => [role.name.toLowerCase(), role])),
      memberRoleID: memberRoleID ?? null,
    },
    reactionTypes: new Map(reactionTypes.map((type) => [type.urlcode.toLowerCase(), type.tagID])),
    tagsCreated: [],
    avatars,
  };
}

/**
 * Copies a source into this site kind by kind (categories, users, discussions, comments, reactions). Each record
 * is looked up in the foreign-id map first: a mapped record is already here and nothing is written. A record and
 * its map row are written in one transaction (a batch of records per transaction), so a crash or Ctrl-C never
 * leaves one without the other and the next run resumes exactly. Imported posts notify no one: the run writes
 * rows and asks only the search index (through the neutral `searchRecords.changed` event) to pick them up. When
 * the records are written, the category tree and every stored counter are rebuilt from the rows.
 */
export async function runImport(
  context: AppContext,
  source: ImportSource,
  { io, progress, signal, batchSize = DEFAULT_BATCH_SIZE, avatars: avatarOptions }: ImportRunOptions,
): Promise<ImportReport> {
  const report = emptyReport(source.label);
  const map = new ImportMap(context.db, source.key);
  const avatars = new AvatarDownloads(context, avatarOptions);
  const write = await writeContextOf(context, map, avatars);
  const display = new ProgressDisplay(progress ?? { isTTY: false, write: (text) => io.err(text.trimEnd()) });
  const skip = (kind: ImportKind, foreignID: string, reason: string) => {
    report.totals[kind].skipped += 1;
    report.skipped.push({ kind, foreignID, reason });
  };
  /** A record the source skipped while reading was read all the same: the bar counts it (it ends at 100 %). */
  const sourceSkip = (kind: ImportKind, foreignID: string, reason: string) => {
    skip(kind, foreignID, reason);
    if (display.current === kind) display.advance();
  };
  let categoriesCreated = false;

  const flush = async (kind: ImportKind, batch: unknown[]) => {
    if (batch.length === 0) return;
    const writer = writerOf(kind);
    const tally = { created: 0, alreadyHere: 0 };
    const skipped: { foreignID: string; reason: string }[] = [];
    const notes: { foreignID: string; note: string }[] = [];
    const tagsBefore = write.tagsCreated.length;
    // Members' photos come before the transaction: a slow source never holds the database.
    if (kind === "users")
      await avatars.prefetch(
        batch as ImportedUser[],
        async (foreignID) => (await map.localID(kind, foreignID)) === undefined,
      );
    try {
      await context.db.transaction().execute(async (trx) => {
        const created: number[] = [];
        for (const record of batch) {
          const foreignID = foreignIDOf(kind, record);
          if ((await map.localID(kind, foreignID, trx)) !== undefined) {
            tally.alreadyHere += 1;
            continue;
          }
          const result = await writer(write, trx, record as never);
          if ("skipped" in result) {
            skipped.push({ foreignID, reason: result.skipped });
            continue;
          }
          tally.created += 1;
          created.push(result.localID);
          if (result.note) notes.push({ foreignID, note: result.note });
        }
        const recordType = SEARCH_RECORD_TYPE[kind];
        if (recordType && created.length > 0)
          await context.events.emit(trx, "searchRecords.changed", { recordType, recordIDs: created });
      });
    } catch (error) {
      map.rollback();
      write.tagsCreated.length = tagsBefore;
      await avatars.settle(false);
      throw error;
    }
    map.commit();
    await avatars.settle(true);
    report.totals[kind].created += tally.created;
    report.totals[kind].alreadyHere += tally.alreadyHere;
    for (const item of skipped) skip(kind, item.foreignID, item.reason);
    for (const item of notes) report.notes.push({ kind, ...item });
    if (kind === "categories" && tally.created > 0) categoriesCreated = true;
  };

  try {
    for (const kind of IMPORT_KINDS) {
      if (signal?.aborted) break;
      display.start(kind);
      const records = source[kind](
        { total: (of, count) => of === kind && display.setTotal(count) },
        sourceSkip,
      );
      let batch: unknown[] = [];
      for await (const record of records) {
        batch.push(record);
        display.advance();
        if (batch.length >= batchSize) {
          await flush(kind, batch);
          batch = [];
          if (signal?.aborted) break;
        }
      }
      if (!signal?.aborted) await flush(kind, batch);
      display.finish();
      // Categories first get their tree (depth, path) before anything is filed in them.
      if (kind === "categories" && categoriesCreated) {
        await context.db.transaction().execute((trx) => rebuildCategoryTree(trx));
        invalidateCategoryTree(context.db);
        // Categories with their own grants are junctions of the grant cache from now on.
        context.grants.invalidate();
      }
    }
  } finally {
    report.tagsCreated = write.tagsCreated.length;
    report.photosCopied = avatars.copied;
    report.sourceSummary = source.summary?.() ?? [];
    report.interrupted = signal?.aborted === true;
    // What was written is on the site now: its counters follow, even when the run stopped early.
    if (Object.values(report.totals).some((totals) => totals.created > 0)) {
      await recountCounters(context);
      invalidateCategoryTree(context.db);
    }
  }
  return report;
}
