import type { ThemeID, ThemePatchBody, ThemePostBody } from "@forum/api/themes";
import type { AppContext } from "@library/server/app/appContext";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import type { DbOrTx } from "@library/server/db/database";
import { ConflictError, NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import { fileThemes } from "@library/server/themes/fileThemes";
import { mergeAssets, parseStoredAssets, type StoredThemeAssets } from "./themeAssets";
import { getTheme, storedThemeID, type ResolvedTheme } from "./themeQueries";
import { CURRENT_THEME_SETTING } from "./themeSettings";

/**
 * How many revisions a stored theme keeps (API.md 19: the most `GET /themes/{id}/revisions` lists in one page).
 * Saving one more removes the oldest; the active revision is never removed, however old.
 */
export const THEME_REVISIONS_KEPT = 100;

/** Removes a theme's revisions beyond the newest THEME_REVISIONS_KEPT, sparing the active one. */
async function pruneRevisions(trx: DbOrTx, themeID: number, activeRevisionID: number | null): Promise<void> {
  const kept = await trx
    .selectFrom("themeRevisions")
    .select("revisionID")
    .where("themeID", "=", themeID)
    .orderBy("revisionID", "desc")
    .limit(THEME_REVISIONS_KEPT)
    .execute();
  if (kept.length < THEME_REVISIONS_KEPT) return;
  const oldestKept = kept[kept.length - 1]!.revisionID;
  await trx
    .deleteFrom("themeRevisions")
    .where("themeID", "=", themeID)
    .where("revisionID", "<", oldestKept)
    .$call((query) => (activeRevisionID ? query.where("revisionID", "<>", activeRevisionID) : query))
    .execute();
}

async function addRevision(
  trx: DbOrTx,
  themeID: number,
  assets: StoredThemeAssets,
  revisionName: string | undefined,
  userID: number,
): Promise<number> {
  const row = await trx
    .insertInto("themeRevisions")
    .values({
      themeID,
      revisionName: revisionName?.trim() || null,
      assets: JSON.stringify(assets),
      insertUserID: userID,
      dateInserted: nowIso(),
    })
    .returning("revisionID")
    .executeTakeFirstOrThrow();
  return row.revisionID;
}

async function resolved(context: AppContext, db: DbOrTx, themeID: number): Promise<ResolvedTheme> {
  const theme = await getTheme(context, db, themeID);
  if (!theme) throw new NotFoundError("Theme");
  return theme;
}

/**
 * A new stored theme with its first revision. A file theme named as `parentTheme` is the template: its variables
 * (the dark preset's colours) are where the new theme starts, under any variables of the body.
 */
export async function createTheme(
  context: AppContext,
  body: ThemePostBody,
  userID: number,
): Promise<ResolvedTheme> {
  const parent = body.parentTheme ? fileThemes(context).get(body.parentTheme) : undefined;
  if (body.parentTheme && !parent)
    throw ValidationError.field("parentTheme", "The template theme is not available.");
  const start: StoredThemeAssets = parent ? { variables: { ...parent.variables } } : {};
  const assets = mergeAssets(start, body.assets);
  if (body.assets?.variables && parent)
    assets.variables = { ...parent.variables, ...body.assets.variables.data };
  return writeTransaction(context.db, context.dialect, async (trx) => {
    const now = nowIso();
    const theme = await trx
      .insertInto("themes")
      .values({
        name: body.name.trim(),
        parentTheme: parent?.key ?? null,
        parentVersion: body.parentVersion ?? parent?.version ?? null,
        activeRevisionID: null,
        insertUserID: userID,
        dateInserted: now,
        dateUpdated: now,
      })
      .returning("themeID")
      .executeTakeFirstOrThrow();
    const revisionID = await addRevision(trx, theme.themeID, assets, body.revisionName, userID);
    await trx
      .updateTable("themes")
      .set({ activeRevisionID: revisionID })
      .where("themeID", "=", theme.themeID)
      .execute();
    return resolved(context, trx, theme.themeID);
  });
}

/**
 * Renames a stored theme, restores one of its revisions (`revisionID`: that one becomes the active revision,
 * the others inactive) or saves edited assets as a new active revision (over the revision in force).
 */
export async function patchTheme(
  context: AppContext,
  themeID: ThemeID,
  body: ThemePatchBody,
  userID: number,
): Promise<ResolvedTheme> {
  const id = storedThemeID(themeID);
  if (id === null) {
    if (fileThemes(context).get(String(themeID)))
      throw new ValidationError(
        [{ field: "themeID", message: "A theme add-on cannot be edited: make a new theme from it." }],
        "A theme add-on cannot be edited.",
      );
    throw new NotFoundError("Theme");
  }
  return writeTransaction(context.db, context.dialect, async (trx) => {
    const theme = await trx
      .selectFrom("themes")
      .selectAll()
      .where("themeID", "=", id)
      .$call(forUpdate(context.dialect))
      .executeTakeFirst();
    if (!theme) throw new NotFoundError("Theme");
    let activeRevisionID = theme.activeRevisionID;
    if (body.revisionID !== undefined) {
      const revision = await trx
        .selectFrom("themeRevisions")
        .select("revisionID")
        .where("revisionID", "=", body.revisionID)
        .where("themeID", "=", id)
        .executeTakeFirst();
      if (!revision) throw ValidationError.field("revisionID", "This theme has no such revision.");
      activeRevisionID = revision.revisionID;
    }
    if (body.assets) {
      const current = activeRevisionID
        ? await trx
            .selectFrom("themeRevisions")
            .select("assets")
            .where("revisionID", "=", activeRevisionID)
            .executeTakeFirst()
        : undefined;
      const assets = mergeAssets(current ? parseStoredAssets(current.assets) : {}, body.assets);
      activeRevisionID = await addRevision(trx, id, assets, body.revisionName, userID);
    } else if (body.revisionName !== undefined && activeRevisionID) {
      await trx
        .updateTable("themeRevisions")
        .set({ revisionName: body.revisionName.trim() || null })
        .where("revisionID", "=", activeRevisionID)
        .execute();
    }
    await trx
      .updateTable("themes")
      .set({
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.parentTheme !== undefined ? { parentTheme: body.parentTheme || null } : {}),
        ...(body.parentVersion !== undefined ? { parentVersion: body.parentVersion || null } : {}),
        activeRevisionID,
        dateUpdated: nowIso(),
      })
      .where("themeID", "=", id)
      .execute();
    if (body.assets) await pruneRevisions(trx, id, activeRevisionID);
    return resolved(context, trx, id);
  });
}

/** The site's theme: the setting read inside the transaction that decides on it. */
async function currentThemeKey(trx: DbOrTx): Promise<string | undefined> {
  const row = await trx
    .selectFrom("configValues")
    .select("value")
    .where("key", "=", CURRENT_THEME_SETTING)
    .executeTakeFirst();
  return row ? (JSON.parse(row.value) as string) : undefined;
}

/** Deletes a stored theme and its revisions; the site's current theme cannot be deleted (409). */
export async function deleteTheme(context: AppContext, themeID: ThemeID): Promise<void> {
  const id = storedThemeID(themeID);
  if (id === null) {
    if (fileThemes(context).get(String(themeID)))
      throw new ConflictError("A theme add-on is removed by disabling it.");
    throw new NotFoundError("Theme");
  }
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const theme = await trx
      .selectFrom("themes")
      .select("themeID")
      .where("themeID", "=", id)
      .$call(forUpdate(context.dialect))
      .executeTakeFirst();
    if (!theme) throw new NotFoundError("Theme");
    if ((await currentThemeKey(trx)) === String(id))
      throw new ConflictError("The current theme cannot be deleted. Apply another theme first.");
    await trx.deleteFrom("themeRevisions").where("themeID", "=", id).execute();
    await trx.deleteFrom("themes").where("themeID", "=", id).execute();
  });
}

/** Applies a theme to the whole site. */
export async function setCurrentTheme(
  context: AppContext,
  themeID: ThemeID,
  userID: number,
): Promise<ResolvedTheme> {
  const theme = await writeTransaction(context.db, context.dialect, async (trx) => {
    // A stored theme is locked, so a delete running at the same time cannot remove the theme being applied.
    const id = storedThemeID(themeID);
    if (id !== null)
      await trx
        .selectFrom("themes")
        .select("themeID")
        .where("themeID", "=", id)
        .$call(forUpdate(context.dialect))
        .executeTakeFirst();
    const found = await getTheme(context, trx, themeID);
    if (!found) throw new NotFoundError("Theme");
    await context.settings.write(trx, { [CURRENT_THEME_SETTING]: String(found.themeID) }, userID);
    return found;
  });
  await context.settings.refresh();
  return theme;
}
