import { sql, type Kysely } from "kysely";

// Frozen: this migration imports nothing from the application and must never be edited once merged.

/** The default reaction types (API.md 9, SPEC 3): tagID, urlcode, name, class, reactionValue, points. */
const REACTION_TYPES: [number, string, string, string, string, number, number][] = [
  [1, "Promote", "Promote", "Moderators promote the best posts.", "Positive", 5, 3],
  [2, "OffTopic", "Off Topic", "This post is off topic.", "Flag", 0, 0],
  [3, "Insightful", "Insightful", "This post is insightful.", "Positive", 1, 1],
  [4, "Disagree", "Disagree", "You disagree with this post.", "Negative", -1, 0],
  [5, "Agree", "Agree", "You agree with this post.", "Positive", 1, 1],
  [6, "Dislike", "Dislike", "You dislike this post.", "Negative", -1, 0],
  [7, "Like", "Like", "You like this post.", "Positive", 1, 1],
  [8, "Up", "Up", "A vote up.", "Positive", 1, 1],
  [9, "Down", "Down", "A vote down.", "Negative", -1, 0],
  [10, "Support", "Support", "You support this post.", "Positive", 1, 1],
  [11, "Awesome", "Awesome", "This post is awesome.", "Positive", 1, 1],
  [12, "LOL", "LOL", "This post is funny.", "Positive", 1, 0],
  [13, "WTF", "WTF", "This post is baffling.", "Flag", 0, 0],
];

async function index(db: Kysely<unknown>, table: string, columns: string[], unique = false): Promise<void> {
  const builder = db.schema
    .createIndex(`${table}_${columns.join("_")}`)
    .on(table)
    .columns(columns);
  await (unique ? builder.unique() : builder).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reactionTypes")
    .addColumn("tagID", "integer", (c) => c.primaryKey())
    .addColumn("urlcode", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("class", "text")
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reactionValue", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("photoUrl", "text")
    .addColumn("sort", "integer")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("custom", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await index(db, "reactionTypes", ["urlcode"], true);
  for (const [tagID, urlcode, name, description, reactionClass, reactionValue, points] of REACTION_TYPES) {
    await sql`insert into "reactionTypes"
      ("tagID", "urlcode", "name", "description", "class", "points", "reactionValue", "sort", "active", "custom", "hidden")
      values (${tagID}, ${urlcode}, ${name}, ${description}, ${reactionClass}, ${points}, ${reactionValue}, ${tagID}, 1, 0, 0)`.execute(
      db,
    );
  }

  // One reaction per user per record: a new one replaces the old.
  await db.schema
    .createTable("reactions")
    .addColumn("recordType", "text", (c) => c.notNull())
    .addColumn("recordID", "integer", (c) => c.notNull())
    .addColumn("userID", "integer", (c) => c.notNull())
    .addColumn("tagID", "integer", (c) => c.notNull())
    .addColumn("dateInserted", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("reactions_pk", ["recordType", "recordID", "userID"])
    .execute();
  await index(db, "reactions", ["recordType", "recordID", "dateInserted"]);
  await index(db, "reactions", ["userID", "recordType", "recordID"]);

  // Stored counts per record and type, kept in the same transaction as every reaction write.
  await db.schema
    .createTable("reactionCounts")
    .addColumn("recordType", "text", (c) => c.notNull())
    .addColumn("recordID", "integer", (c) => c.notNull())
    .addColumn("tagID", "integer", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("reactionCounts_pk", ["recordType", "recordID", "tagID"])
    .execute();

  // Bookmarks are listed newest bookmark first.
  await db.schema.alterTable("userDiscussions").addColumn("dateBookmarked", "text").execute();
  await index(db, "userDiscussions", ["userID", "bookmarked", "dateBookmarked"]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("userDiscussions_userID_bookmarked_dateBookmarked").ifExists().execute();
  await db.schema.alterTable("userDiscussions").dropColumn("dateBookmarked").execute();
  for (const table of ["reactionCounts", "reactions", "reactionTypes"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
