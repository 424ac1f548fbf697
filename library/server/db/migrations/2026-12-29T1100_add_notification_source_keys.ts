import type { Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/**
 * What caused a notification or a queued mail (`sourceKey`: the event, such as `comment:12`), with one row per
 * cause and recipient. A job that stored its notifications and mail and then died before it was marked done runs
 * again and inserts nothing new: its inserts meet these keys and do nothing. Rows without a key (older rows,
 * mail that no event caused) are not limited: NULLs never conflict.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notifications").addColumn("sourceKey", "text").execute();
  await db.schema
    .createIndex("notifications_sourceKey_userID")
    .on("notifications")
    .columns(["sourceKey", "userID"])
    .unique()
    .execute();
  await db.schema.alterTable("mailOutbox").addColumn("sourceKey", "text").execute();
  await db.schema
    .createIndex("mailOutbox_sourceKey_to")
    .on("mailOutbox")
    .columns(["sourceKey", "to"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mailOutbox_sourceKey_to").execute();
  await db.schema.alterTable("mailOutbox").dropColumn("sourceKey").execute();
  await db.schema.dropIndex("notifications_sourceKey_userID").execute();
  await db.schema.alterTable("notifications").dropColumn("sourceKey").execute();
}
