import { executeCompiledOnce } from "@library/server/db/compiledOnce";
import type { RecordFieldExtender } from "@library/server/addons/recordExtenders";
import type { UserLabel, UserLabelLoader } from "@library/server/users/userLabels";
import { UserRankFieldSchema } from "../../api/ranksApi";
import "../tables";

export const SHOW_LABELS_SETTING = "ranks.showLabels";

/** The rank label beside each member's name (posts, profiles, cards), while the setting is on. */
export const rankLabelLoader: UserLabelLoader = async (userIDs, context) => {
  const labels = new Map<number, UserLabel>();
  if (!(await context.settings.get<boolean>(SHOW_LABELS_SETTING))) return labels;
  if (userIDs.length === 0) return labels;
  // Every page with posts asks for its authors' labels: compiled once per number of authors.
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
  for (const row of rows) labels.set(row.userID, { label: row.label, labelHtml: row.labelHtml });
  return labels;
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
