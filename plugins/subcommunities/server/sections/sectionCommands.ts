import type { AppContext } from "@library/server/app/appContext";
import { writeTransaction } from "@library/server/db/writeTransaction";
import type { Database } from "@library/server/db/database";
import { NotFoundError, ValidationError } from "@library/server/errors/httpErrors";
import { nowIso } from "@library/server/http/dates";
import { siteSections } from "@library/server/http/siteSections";
import { findEnabledLocale } from "@library/server/i18n/localeRegistry";
import type { Viewer } from "@library/server/permissions/viewer";
import type { Transaction } from "kysely";
import { SLUG_PATTERN, type SiteSectionPatch, type SiteSectionPost } from "../../api/subcommunitiesApi";
import { SECTION_NOT_FOUND } from "./sectionQueries";
import { sectionDirectory } from "./sectionDirectory";
import "../tables";

export const MANAGE_PERMISSION = "subcommunities.manage";

const SLUG = new RegExp(SLUG_PATTERN);

/** The checks a section's fields pass, with the writer's deciding reads inside its transaction. */
async function validate(
  context: AppContext,
  trx: Transaction<Database>,
  fields: SiteSectionPatch,
  siteSectionID: number | null,
): Promise<{ locale?: string }> {
  const errors: { field: string; message: string; code: string }[] = [];
  if (fields.name !== undefined && fields.name.trim() === "")
    errors.push({ field: "name", message: "The name is required.", code: "missingField" });
  let locale: string | undefined;
  if (fields.slug !== undefined) {
    if (!SLUG.test(fields.slug))
      errors.push({
        field: "slug",
        message: "The slug may only contain lower-case letters, digits and dashes.",
        code: "invalid",
      });
    else if (siteSections(context).isReservedSlug(fields.slug))
      errors.push({ field: "slug", message: "This slug is taken by a page of the site.", code: "reserved" });
    else {
      const taken = await trx
        .selectFrom("siteSections")
        .select("siteSectionID")
        .where("slug", "=", fields.slug)
        .executeTakeFirst();
      if (taken && taken.siteSectionID !== siteSectionID)
        errors.push({ field: "slug", message: "Another subcommunity has this slug.", code: "duplicate" });
    }
  }
  if (fields.locale !== undefined) {
    const found = findEnabledLocale(context, fields.locale);
    if (!found) errors.push({ field: "locale", message: "This language is not offered.", code: "invalid" });
    else locale = found.localeKey;
  }
  if (fields.rootCategoryID !== undefined && fields.rootCategoryID !== null) {
    const category = await trx
      .selectFrom("categories")
      .select("categoryID")
      .where("categoryID", "=", fields.rootCategoryID)
      .executeTakeFirst();
    if (!category) errors.push({ field: "rootCategoryID", message: "No such category.", code: "invalid" });
  }
  for (const [index, item] of (fields.navigation ?? []).entries())
    if (!/^(\/|https?:\/\/)/.test(item.url))
      errors.push({
        field: `navigation.${index}.url`,
        message: "A link starts with / or http(s)://.",
        code: "invalid",
      });
  if (errors.length > 0) throw new ValidationError(errors);
  return locale !== undefined ? { locale } : {};
}

function columnsOf(fields: SiteSectionPatch, locale: string | undefined) {
  return {
    ...(fields.name !== undefined && { name: fields.name.trim() }),
    ...(fields.slug !== undefined && { slug: fields.slug }),
    ...(locale !== undefined && { locale }),
    ...(fields.rootCategoryID !== undefined && { rootCategoryID: fields.rootCategoryID }),
    ...(fields.description !== undefined && { description: fields.description }),
    ...(fields.themeKey !== undefined && { themeKey: fields.themeKey }),
    ...(fields.navigation !== undefined && { navigation: JSON.stringify(fields.navigation) }),
  };
}

export async function createSection(
  context: AppContext,
  viewer: Viewer,
  body: SiteSectionPost,
): Promise<number> {
  viewer.require(MANAGE_PERMISSION);
  const siteSectionID = await writeTransaction(context.db, context.dialect, async (trx) => {
    const { locale } = await validate(context, trx, body, null);
    const now = nowIso();
    const row = await trx
      .insertInto("siteSections")
      .values({
        name: body.name.trim(),
        slug: body.slug,
        locale: locale ?? body.locale,
        rootCategoryID: body.rootCategoryID ?? null,
        description: body.description ?? "",
        themeKey: body.themeKey ?? null,
        navigation: JSON.stringify(body.navigation ?? []),
        sort: 0,
        dateInserted: now,
        dateUpdated: now,
      })
      .returning("siteSectionID")
      .executeTakeFirstOrThrow();
    return row.siteSectionID;
  });
  await sectionDirectory(context).reload();
  return siteSectionID;
}

export async function patchSection(
  context: AppContext,
  viewer: Viewer,
  siteSectionID: number,
  body: SiteSectionPatch,
): Promise<void> {
  viewer.require(MANAGE_PERMISSION);
  await writeTransaction(context.db, context.dialect, async (trx) => {
    const exists = await trx
      .selectFrom("siteSections")
      .select("siteSectionID")
      .where("siteSectionID", "=", siteSectionID)
      .executeTakeFirst();
    if (!exists) throw new NotFoundError(SECTION_NOT_FOUND);
    const { locale } = await validate(context, trx, body, siteSectionID);
    await trx
      .updateTable("siteSections")
      .set({ ...columnsOf(body, locale), dateUpdated: nowIso() })
      .where("siteSectionID", "=", siteSectionID)
      .execute();
  });
  await sectionDirectory(context).reload();
}

export async function deleteSection(
  context: AppContext,
  viewer: Viewer,
  siteSectionID: number,
): Promise<void> {
  viewer.require(MANAGE_PERMISSION);
  const deleted = await context.db
    .deleteFrom("siteSections")
    .where("siteSectionID", "=", siteSectionID)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new NotFoundError(SECTION_NOT_FOUND);
  await sectionDirectory(context).reload();
}
