import { randomUUID } from "node:crypto";
import type { Fragment, FragmentPatch, FragmentPost } from "@forum/api/fragments";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { writeTransaction } from "@library/server/db/writeTransaction";
import { NotFoundError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import "./layoutTables";

/** Fragments are site code: only site managers write or list them (their assets are public). */
export const FRAGMENT_MANAGERS = "site.manage";

export function fragmentAssetUrl(fragmentUUID: string, kind: "js" | "css", revisionUUID?: string): string {
  const base = `/api/v2/fragments/${encodeURIComponent(fragmentUUID)}/${kind}`;
  return revisionUUID ? `${base}?fragmentRevisionUUID=${encodeURIComponent(revisionUUID)}` : base;
}

/** The URLs a layout node runs: the active revision's (immutable), or the bare ones for a missing fragment. */
export async function fragmentUrls(
  context: AppContext,
  fragmentUUID: string,
): Promise<{ jsUrl: string; cssUrl: string }> {
  const row = await context.db
    .selectFrom("fragments")
    .select("activeRevisionUUID")
    .where("fragmentUUID", "=", fragmentUUID)
    .executeTakeFirst();
  return {
    jsUrl: fragmentAssetUrl(fragmentUUID, "js", row?.activeRevisionUUID),
    cssUrl: fragmentAssetUrl(fragmentUUID, "css", row?.activeRevisionUUID),
  };
}

export async function loadFragments(db: DbOrTx, fragmentUUID?: string): Promise<Fragment[]> {
  let query = db
    .selectFrom("fragments")
    .innerJoin("fragmentRevisions", "fragmentRevisions.fragmentRevisionUUID", "fragments.activeRevisionUUID")
    .select([
      "fragments.fragmentUUID",
      "fragments.name",
      "fragments.activeRevisionUUID",
      "fragments.dateInserted",
      "fragments.dateUpdated",
      "fragmentRevisions.js",
      "fragmentRevisions.css",
    ])
    .orderBy("fragments.name");
  if (fragmentUUID !== undefined) query = query.where("fragments.fragmentUUID", "=", fragmentUUID);
  const rows = await query.execute();
  return rows.map((row) => ({
    fragmentUUID: row.fragmentUUID,
    name: row.name,
    fragmentRevisionUUID: row.activeRevisionUUID,
    js: row.js,
    css: row.css,
    jsUrl: fragmentAssetUrl(row.fragmentUUID, "js", row.activeRevisionUUID),
    cssUrl: fragmentAssetUrl(row.fragmentUUID, "css", row.activeRevisionUUID),
    dateInserted: row.dateInserted,
    dateUpdated: row.dateUpdated,
  }));
}

export async function createFragment(
  context: AppContext,
  viewer: Viewer,
  body: FragmentPost,
): Promise<string> {
  viewer.require(FRAGMENT_MANAGERS);
  const fragmentUUID = randomUUID();
  const revisionUUID = randomUUID();
  const now = nowIso();
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await trx
      .insertInto("fragments")
      .values({
        fragmentUUID,
        name: body.name,
        activeRevisionUUID: revisionUUID,
        insertUserID: viewer.user.userID,
        dateInserted: now,
        dateUpdated: null,
      })
      .execute();
    await trx
      .insertInto("fragmentRevisions")
      .values({
        fragmentRevisionUUID: revisionUUID,
        fragmentUUID,
        js: body.js,
        css: body.css,
        insertUserID: viewer.user.userID,
        dateInserted: now,
      })
      .execute();
  });
  return fragmentUUID;
}

/** A code change is a new revision, made the active one; the old revision's URLs keep answering. */
export async function patchFragment(
  context: AppContext,
  viewer: Viewer,
  fragmentUUID: string,
  body: FragmentPatch,
): Promise<void> {
  viewer.require(FRAGMENT_MANAGERS);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const [current] = await loadFragments(trx, fragmentUUID);
    if (!current) throw new NotFoundError("Fragment");
    const now = nowIso();
    const changesCode =
      (body.js !== undefined && body.js !== current.js) ||
      (body.css !== undefined && body.css !== current.css);
    const revisionUUID = changesCode ? randomUUID() : current.fragmentRevisionUUID;
    if (changesCode)
      await trx
        .insertInto("fragmentRevisions")
        .values({
          fragmentRevisionUUID: revisionUUID,
          fragmentUUID,
          js: body.js ?? current.js,
          css: body.css ?? current.css,
          insertUserID: viewer.user.userID,
          dateInserted: now,
        })
        .execute();
    await trx
      .updateTable("fragments")
      .set({ name: body.name ?? current.name, activeRevisionUUID: revisionUUID, dateUpdated: now })
      .where("fragmentUUID", "=", fragmentUUID)
      .execute();
  });
}

export async function deleteFragment(
  context: AppContext,
  viewer: Viewer,
  fragmentUUID: string,
): Promise<void> {
  viewer.require(FRAGMENT_MANAGERS);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const deleted = await trx
      .deleteFrom("fragments")
      .where("fragmentUUID", "=", fragmentUUID)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new NotFoundError("Fragment");
    await trx.deleteFrom("fragmentRevisions").where("fragmentUUID", "=", fragmentUUID).execute();
  });
}

/** One revision's code: the asked one of this fragment, or null when the fragment or revision is unknown. */
export async function fragmentRevision(
  db: DbOrTx,
  fragmentUUID: string,
  revisionUUID: string,
): Promise<{ js: string; css: string } | null> {
  const row = await db
    .selectFrom("fragmentRevisions")
    .select(["js", "css"])
    .where("fragmentUUID", "=", fragmentUUID)
    .where("fragmentRevisionUUID", "=", revisionUUID)
    .executeTakeFirst();
  return row ?? null;
}
