import { TRANSLATION_RECORD_TYPES } from "@forum/api/translationKeys";
import {
  SECTION_COLUMNS,
  maxColumnsFor,
  type EditableViewType,
  type LayoutPatch,
  type LayoutPost,
  type LayoutView,
  type SectionSpec,
} from "@forum/api/storedLayouts";
import type { ValidationErrorItem } from "@forum/api/common";
import type { AppContext } from "@library/server/app/appContext";
import type { DbOrTx } from "@library/server/db/database";
import { forUpdate, writeTransaction } from "@library/server/db/writeTransaction";
import { followLayoutTexts } from "@library/server/translations/layoutTranslations";
import { removeTranslationsAfterCommit } from "@library/server/translations/recordTranslationsCleanup";
import { NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import type { Viewer } from "@library/server/permissions/viewer";
import "./layoutTables";

/** Layouts change every page of the site: site managers only. */
export const LAYOUT_MANAGERS = "site.manage";

/** Which record types a layout of each view type may be assigned to (API.md 17 resolution order). */
const RECORD_TYPES_BY_VIEW: Record<EditableViewType, readonly string[]> = {
  home: ["global", "siteSection"],
  subcommunityHome: ["global", "siteSection"],
  discussionList: ["global", "siteSection"],
  categoryList: ["global", "siteSection"],
  discussionCategoryPage: ["global", "siteSection", "category"],
  post: ["global", "siteSection", "category", "discussion"],
};

/** The sections' shape: columns per section type, columns per item widget (SPEC 9), one page content. */
async function layoutErrors(db: DbOrTx, sections: readonly SectionSpec[]): Promise<ValidationErrorItem[]> {
  const errors: ValidationErrorItem[] = [];
  let pageContents = 0;
  for (const [sectionIndex, section] of sections.entries()) {
    const path = `layout[${sectionIndex}]`;
    const expected = SECTION_COLUMNS[section.sectionType];
    if (section.columns.length !== expected)
      errors.push({
        field: `${path}.columns`,
        code: "columns",
        message: `A ${section.sectionType} section has ${expected} column${expected === 1 ? "" : "s"}.`,
      });
    for (const [columnIndex, column] of section.columns.entries())
      for (const [widgetIndex, widget] of column.entries()) {
        const widgetPath = `${path}.columns[${columnIndex}][${widgetIndex}]`;
        if (widget.widget === "pageContent") pageContents += 1;
        if ("itemOptions" in widget) {
          const { contentType, displayType, maxColumnCount } = widget.itemOptions;
          const most = maxColumnsFor(contentType, displayType);
          if (maxColumnCount > most)
            errors.push({
              field: `${widgetPath}.itemOptions.maxColumnCount`,
              code: "maximum",
              message: `A ${displayType} of ${contentType} items has at most ${most} column${most === 1 ? "" : "s"}.`,
            });
        }
        if (widget.widget === "fragment") {
          const found = await db
            .selectFrom("fragments")
            .select("fragmentUUID")
            .where("fragmentUUID", "=", widget.fragmentUUID)
            .executeTakeFirst();
          if (!found)
            errors.push({
              field: `${widgetPath}.fragmentUUID`,
              code: "notFound",
              message: `The fragment ${widget.fragmentUUID} does not exist.`,
            });
        }
      }
  }
  if (pageContents > 1)
    errors.push({ field: "layout", code: "pageContent", message: "A layout shows the page content once." });
  return errors;
}

export async function checkLayout(db: DbOrTx, sections: readonly SectionSpec[]): Promise<void> {
  const errors = await layoutErrors(db, sections);
  if (errors.length > 0) throw new ValidationError(errors);
}

export async function createLayout(context: AppContext, viewer: Viewer, body: LayoutPost): Promise<number> {
  viewer.require(LAYOUT_MANAGERS);
  return writeTransaction(context.db, context.dialect, async (trx) => {
    await checkLayout(trx, body.layout);
    const row = await trx
      .insertInto("layouts")
      .values({
        name: body.name,
        layoutViewType: body.layoutViewType,
        layout: JSON.stringify(body.layout),
        insertUserID: viewer.user.userID,
        dateInserted: nowIso(),
        updateUserID: null,
        dateUpdated: null,
      })
      .returning("layoutID")
      .executeTakeFirstOrThrow();
    return row.layoutID;
  });
}

async function existing(db: DbOrTx, layoutID: number) {
  const row = await db
    .selectFrom("layouts")
    .select(["layoutID", "layoutViewType"])
    .where("layoutID", "=", layoutID)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Layout");
  return row;
}

export async function patchLayout(
  context: AppContext,
  viewer: Viewer,
  layoutID: number,
  body: LayoutPatch,
): Promise<void> {
  viewer.require(LAYOUT_MANAGERS);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await existing(trx, layoutID);
    if (body.layout) {
      await checkLayout(trx, body.layout);
      // The content translator's texts are kept by place: they follow their widgets (layoutTranslations.ts).
      const before = await trx
        .selectFrom("layouts")
        .select("layout")
        .where("layoutID", "=", layoutID)
        .$call(forUpdate(context.dialect))
        .executeTakeFirstOrThrow();
      await followLayoutTexts(trx, layoutID, JSON.parse(before.layout) as SectionSpec[], body.layout);
    }
    await trx
      .updateTable("layouts")
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.layout !== undefined ? { layout: JSON.stringify(body.layout) } : {}),
        updateUserID: viewer.user.userID,
        dateUpdated: nowIso(),
      })
      .where("layoutID", "=", layoutID)
      .execute();
  });
}

export async function deleteLayout(context: AppContext, viewer: Viewer, layoutID: number): Promise<void> {
  viewer.require(LAYOUT_MANAGERS);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    await existing(trx, layoutID);
    await trx.deleteFrom("layoutViews").where("layoutID", "=", layoutID).execute();
    await trx.deleteFrom("layouts").where("layoutID", "=", layoutID).execute();
    await removeTranslationsAfterCommit(context, trx, {
      recordType: TRANSLATION_RECORD_TYPES.layout,
      recordIDs: [layoutID],
    });
  });
}

async function missingRecord(db: DbOrTx, view: LayoutView): Promise<boolean> {
  if (view.recordType === "category")
    return !(await db
      .selectFrom("categories")
      .select("categoryID")
      .where("categoryID", "=", view.recordID)
      .executeTakeFirst());
  if (view.recordType === "discussion")
    return !(await db
      .selectFrom("discussions")
      .select("discussionID")
      .where("discussionID", "=", view.recordID)
      .executeTakeFirst());
  if (view.recordType === "global") return view.recordID !== -1;
  return view.recordID < 0;
}

/**
 * Where the layout applies, replacing its assignments: each record takes this layout from whichever layout of
 * the same view type had it (one layout per record).
 */
export async function putLayoutViews(
  context: AppContext,
  viewer: Viewer,
  layoutID: number,
  views: readonly LayoutView[],
): Promise<void> {
  viewer.require(LAYOUT_MANAGERS);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const layout = await existing(trx, layoutID);
    const allowed = RECORD_TYPES_BY_VIEW[layout.layoutViewType as EditableViewType];
    const errors: ValidationErrorItem[] = [];
    for (const [index, view] of views.entries()) {
      if (!allowed.includes(view.recordType))
        errors.push({
          field: `[${index}].recordType`,
          code: "enum",
          message: `A ${layout.layoutViewType} layout cannot be assigned to a ${view.recordType}.`,
        });
      else if (await missingRecord(trx, view))
        errors.push({
          field: `[${index}].recordID`,
          code: "notFound",
          message: `The ${view.recordType} ${view.recordID} does not exist.`,
        });
    }
    if (errors.length > 0) throw new ValidationError(errors);
    await trx.deleteFrom("layoutViews").where("layoutID", "=", layoutID).execute();
    const unique = views.filter(
      (view, index) =>
        views.findIndex(
          (other) => other.recordType === view.recordType && other.recordID === view.recordID,
        ) === index,
    );
    for (const view of unique) {
      await trx
        .deleteFrom("layoutViews")
        .where("layoutViewType", "=", layout.layoutViewType)
        .where("recordType", "=", view.recordType)
        .where("recordID", "=", view.recordID)
        .execute();
      await trx
        .insertInto("layoutViews")
        .values({ layoutID, layoutViewType: layout.layoutViewType, ...view })
        .execute();
    }
  });
}
