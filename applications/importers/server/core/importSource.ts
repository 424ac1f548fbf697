/**
 * What an importer reads from another forum, in one shape whatever the source (a Vanilla site's API, a NodeBB
 * database): the records of a community's history, each named by the id it has at the source (`foreignID`).
 * The import run (importRun.ts) writes them here in this order, mapping every foreign id to the local one it
 * made, so that a second run finds every record already mapped and changes nothing, and a run that stopped
 * half-way resumes where the map ends.
 */

/** Body formats a source may hand over; the run converts them to one this site stores. */
export type ImportBodyFormat = "html" | "markdown" | "text" | "rich" | "rich2" | "bbcode" | "wysiwyg";

export interface ImportedCategory {
  foreignID: string;
  /** null: a top-level category. A parent always comes before its children. */
  parentForeignID: string | null;
  name: string;
  description: string | null;
  /** The source's slug; the run keeps it when it is free here, else makes one. */
  urlcode: string | null;
  sort: number;
  /** How the category lists its content, when the source says: `discussions` (default), `categories`, `flat`, `heading`. */
  displayAs?: string | null;
  /**
   * Who may see and post in it at the source: `null` or absent, it follows the site's defaults there (and here);
   * a list, it has its own grants, one entry per source role (a role not listed gets nothing in it).
   */
  permissions?: ImportedCategoryGrant[] | null;
  /**
   * The source says the category has its own permissions but they could not be read: the run imports it for
   * moderators and administrators only and lists it in the report.
   */
  restricted?: boolean;
  /** Switched off at the source (only its administrators saw it): `permissions` keep it staff only; reported. */
  disabled?: boolean;
  /** What the source could not carry over about its permissions, for the report (e.g. grants to single members). */
  permissionsNote?: string;
}

/** One role's grants in a category with its own permissions at the source. */
export interface ImportedCategoryGrant {
  /** The source's role name; the run maps it by name, or Guest / Member / Moderator / Administrator by type. */
  roleName: string;
  /** Sees the category, its discussions and comments. Without it, no other grant counts. */
  view: boolean;
  /** Starts discussions. */
  startDiscussions: boolean;
  /** Comments in its discussions. */
  comment: boolean;
  /** Moderates its posts (edit, delete, close, pin, sink any post). */
  moderate: boolean;
}

export interface ImportedUser {
  foreignID: string;
  name: string;
  /** null when the source did not expose it (the member then signs in after a password reset by name). */
  email: string | null;
  dateInserted: string;
  dateLastActive: string | null;
  /** Free text shown on the profile, if any. */
  about: string | null;
  banned: boolean;
  /** The source's role names; the run maps Administrator / Moderator / Member to this site's roles. */
  roleNames: string[];
  /** The member's photo: an absolute http(s) address the run downloads and stores here; null or absent: none. */
  photoUrl?: string | null;
  /** Why the source's photo cannot be copied (a relative address with no base to read it from), for the report. */
  photoProblem?: string;
  /** The member's signature and its format; null or absent: none. */
  signature?: { body: string; format: ImportBodyFormat } | null;
}

export interface ImportedDiscussion {
  foreignID: string;
  categoryForeignID: string;
  /** null: the author is unknown at the source (deleted); the run attributes it to a placeholder member. */
  insertUserForeignID: string | null;
  name: string;
  body: string;
  format: ImportBodyFormat;
  dateInserted: string;
  dateUpdated: string | null;
  closed: boolean;
  pinned: boolean;
  /** Where a pinned discussion shows first (`recent`: also on the recent list, the default; `category`). */
  pinLocation?: "category" | "recent" | null;
  countViews: number;
  /** Tag names (the run creates missing tags). */
  tags: string[];
}

export interface ImportedComment {
  foreignID: string;
  discussionForeignID: string;
  /** The comment it answers (threaded replies); null or absent: it answers the discussion. Parents come first. */
  parentForeignID?: string | null;
  insertUserForeignID: string | null;
  body: string;
  format: ImportBodyFormat;
  dateInserted: string;
  dateUpdated: string | null;
}

export interface ImportedReaction {
  recordType: "discussion" | "comment";
  recordForeignID: string;
  userForeignID: string;
  /** A reaction type's urlcode at the source (e.g. `Like`, `Up`); the run maps it to a type here or skips it. */
  reactionUrlcode: string;
  dateInserted: string | null;
}

/** Reports progress while reading: a kind's total when the source knows it, and a record read. */
export interface ImportProgress {
  total(kind: ImportKind, count: number | null): void;
}

export type ImportKind = "categories" | "users" | "discussions" | "comments" | "reactions";

/**
 * A source, read kind by kind in the order of `ImportKind` (parents before children). Each method yields the
 * kind's records in a stable order; a record it cannot read is reported through `skip` and not yielded.
 */
export interface ImportSource {
  /** Shown in the report, e.g. `vanilla https://community.example.com`. */
  readonly label: string;
  /** A stable key of the source (its normalized URL), under which the foreign-id map is kept. */
  readonly key: string;
  categories(progress: ImportProgress, skip: SkipRecord): AsyncIterable<ImportedCategory>;
  users(progress: ImportProgress, skip: SkipRecord): AsyncIterable<ImportedUser>;
  discussions(progress: ImportProgress, skip: SkipRecord): AsyncIterable<ImportedDiscussion>;
  comments(progress: ImportProgress, skip: SkipRecord): AsyncIterable<ImportedComment>;
  reactions(progress: ImportProgress, skip: SkipRecord): AsyncIterable<ImportedReaction>;
  /** Lines for the end of the report about how the source was read (e.g. requests it saved), if any. */
  summary?(): string[];
  close(): Promise<void>;
}

/** A record the source could not read or the run could not write, with why; listed in the final report. */
export type SkipRecord = (kind: ImportKind, foreignID: string, reason: string) => void;
