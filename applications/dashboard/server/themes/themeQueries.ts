import type { DbOrTx } from "@library/server/db/database";
import { fileThemes, type FileTheme } from "@library/server/themes/fileThemes";
import type { PlatformContext } from "@library/server/app/platformContext";
import { parseStoredAssets, type StoredThemeAssets } from "./themeAssets";
import "./themeTables";

/** One theme as the API and the pages read it, whichever kind it is. */
export interface ResolvedTheme {
  themeID: string | number;
  type: "themeFile" | "themeDB";
  name: string;
  version: string;
  /** The revision read (the active one unless another was asked for); null for file themes. */
  revisionID: number | null;
  revisionName: string | null;
  activeRevisionID: number | null;
  parentTheme: string | null;
  parentVersion: string | null;
  insertUserID: number | null;
  dateInserted: string | null;
  preset: "light" | "dark";
  /** The name of the theme add-on a stored theme was made from (its `parentTheme`), when it still runs. */
  templateName: string | null;
  assets: StoredThemeAssets;
}

export interface ThemeRevisionRow {
  revisionID: number;
  themeID: number;
  revisionName: string | null;
  insertUserID: number;
  dateInserted: string;
}

function fromFile(theme: FileTheme): ResolvedTheme {
  return {
    themeID: theme.key,
    type: "themeFile",
    name: theme.name,
    version: theme.version,
    revisionID: null,
    revisionName: null,
    activeRevisionID: null,
    parentTheme: null,
    parentVersion: null,
    insertUserID: null,
    dateInserted: null,
    preset: theme.preset,
    templateName: null,
    assets: {
      variables: theme.variables,
      ...(theme.styles ? { styles: theme.styles } : {}),
      ...(theme.header ? { header: theme.header } : {}),
      ...(theme.footer ? { footer: theme.footer } : {}),
    },
  };
}

/** A stored theme's id from the API's `themeID` (`"3"` or 3); null for a file theme's key. */
export function storedThemeID(themeID: string | number): number | null {
  const text = String(themeID);
  return /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : null;
}

function templateNameOf(context: PlatformContext, parentTheme: string | null): string | null {
  return (parentTheme ? fileThemes(context).get(parentTheme)?.name : undefined) ?? null;
}

/** The preset a stored theme follows: its template's, light unless it derives from a dark one. */
function presetOf(context: PlatformContext, parentTheme: string | null): "light" | "dark" {
  return (parentTheme ? fileThemes(context).get(parentTheme)?.preset : undefined) ?? "light";
}

/**
 * One theme by id: a running file theme by key, or a stored theme at its active revision (or at `revisionID`,
 * which must be one of its own). Undefined when there is none.
 */
export async function getTheme(
  context: PlatformContext,
  db: DbOrTx,
  themeID: string | number,
  revisionID?: number,
): Promise<ResolvedTheme | undefined> {
  const id = storedThemeID(themeID);
  if (id === null) {
    const file = fileThemes(context).get(String(themeID));
    return file && !revisionID ? fromFile(file) : undefined;
  }
  const theme = await db.selectFrom("themes").selectAll().where("themeID", "=", id).executeTakeFirst();
  if (!theme) return undefined;
  const wanted = revisionID || theme.activeRevisionID;
  const revision = wanted
    ? await db
        .selectFrom("themeRevisions")
        .selectAll()
        .where("revisionID", "=", wanted)
        .where("themeID", "=", id)
        .executeTakeFirst()
    : undefined;
  if (revisionID && !revision) return undefined;
  return {
    themeID: theme.themeID,
    type: "themeDB",
    name: theme.name,
    version: "1.0.0",
    revisionID: revision?.revisionID ?? null,
    revisionName: revision?.revisionName ?? null,
    activeRevisionID: theme.activeRevisionID,
    parentTheme: theme.parentTheme,
    parentVersion: theme.parentVersion,
    insertUserID: theme.insertUserID,
    dateInserted: theme.dateInserted,
    preset: presetOf(context, theme.parentTheme),
    templateName: templateNameOf(context, theme.parentTheme),
    assets: revision ? parseStoredAssets(revision.assets) : {},
  };
}

/** Every theme: the running file themes, then the stored ones (oldest first), each at its active revision. */
export async function listThemes(context: PlatformContext, db: DbOrTx): Promise<ResolvedTheme[]> {
  const files = fileThemes(context).list().map(fromFile);
  const rows = await db
    .selectFrom("themes")
    .leftJoin("themeRevisions", "themeRevisions.revisionID", "themes.activeRevisionID")
    .select([
      "themes.themeID",
      "themes.name",
      "themes.parentTheme",
      "themes.parentVersion",
      "themes.activeRevisionID",
      "themes.insertUserID",
      "themes.dateInserted",
      "themeRevisions.revisionName",
      "themeRevisions.assets",
    ])
    .orderBy("themes.themeID")
    .execute();
  const stored = rows.map((row): ResolvedTheme => ({
    themeID: row.themeID,
    type: "themeDB",
    name: row.name,
    version: "1.0.0",
    revisionID: row.activeRevisionID,
    revisionName: row.revisionName ?? null,
    activeRevisionID: row.activeRevisionID,
    parentTheme: row.parentTheme,
    parentVersion: row.parentVersion,
    insertUserID: row.insertUserID,
    dateInserted: row.dateInserted,
    preset: presetOf(context, row.parentTheme),
    templateName: templateNameOf(context, row.parentTheme),
    assets: row.assets ? parseStoredAssets(row.assets) : {},
  }));
  return [...files, ...stored];
}

/** A stored theme's revisions, newest first. */
export function listThemeRevisions(
  db: DbOrTx,
  themeID: number,
  page: number,
  limit: number,
): Promise<ThemeRevisionRow[]> {
  return db
    .selectFrom("themeRevisions")
    .select(["revisionID", "themeID", "revisionName", "insertUserID", "dateInserted"])
    .where("themeID", "=", themeID)
    .orderBy("revisionID", "desc")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
}
