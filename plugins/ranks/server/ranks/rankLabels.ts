import type { AppContext } from "@library/server/app/appContext";
import { KeptRecords } from "@library/server/cache/keptRecords";
import { executeCompiledOnce } from "@library/server/db/compiledOnce";
import { perDatabase } from "@library/server/db/perDatabase";
import type { RecordFieldExtender } from "@library/server/addons/recordExtenders";
import type { UserLabel, UserLabelLoader } from "@library/server/users/userLabels";
import { UserRankFieldSchema } from "../../api/ranksApi";
import "../tables";

export const SHOW_LABELS_SETTING = "ranks.showLabels";

/**
 * Each member's rank label, kept between pages until a write names a user or names nothing (a rank earned names
 * its member; a rank edited names nothing), here or in another process: every page with posts asks for its
 * authors' labels, and the same authors come back page after page.
 */
const keptLabels = perDatabase(
  (context: AppContext) =>
    new KeptRecords<UserLabel>(context.caches, {
      name: "rank labels",
      dependsOn: ["user:*"],
      maxEntries: 10_000,
      seconds: 60,
    }),
);

/** The labels of `userIDs` that have a rank, in one query. */
async function readLabels(context: AppContext, userIDs: readonly number[]): Promise<Map<number, UserLabel>> {
  // Compiled once per number of authors.
  const db = context.db;
  const rows = await executeCompiledOnce(
    db,
    `rankLabels:${userIDs.length}`,
    () =>
      db
        .selectFrom("userRanks")
        .innerJoin("ranks", "ranks.rankID", "userRanks.rankID")
        .select(["userRanks.userID", "ranks.label", "ranks.labelHtml"])
        .where("userRanks.userID", "in", [...userIDs]),
    [...userIDs],
  );
  return new Map(rows.map((row) => [row.userID, { label: row.label, labelHtml: row.labelHtml }]));
}

/** The rank label beside each member's name (posts, profiles, cards), while the setting is on. */
export const rankLabelLoader: UserLabelLoader = async (userIDs, context) => {
  if (!(await context.settings.get<boolean>(SHOW_LABELS_SETTING))) return new Map();
  if (userIDs.length === 0) return new Map();
  // The kept labels themselves: the registry copies their fields onto each request's records.
  return keptLabels.of(context).getMany(userIDs, (missing) => readLabels(context, missing));
};

/** `rank` on users (API.md 4.1): `{rankID, name, userTitle}`. */
export const userRankField: RecordFieldExtender = {
  field: "rank",
  schema: UserRankFieldSchema,
  async load(userIDs, _viewer, context) {
    const rows = await context.db
      .selectFrom("userRanks")
      .innerJoin("ranks", "ranks.rankID", "userRanks.rankID")
      .select(["userRanks.userID", "ranks.rankID", "ranks.name", "ranks.userTitle"])
      .where("userRanks.userID", "in", userIDs)
      .execute();
    return new Map(
      rows.map((row) => [row.userID, { rankID: row.rankID, name: row.name, userTitle: row.userTitle }]),
    );
  },
};
