/**
 * The names of what a write changed, and what the caches depend on. A write names every record it changed
 * (`noteChanged`); a cache is retired when one of its dependencies is named. A write that names nothing is
 * taken to have changed anything public (`content`): naming narrows what it retires, never widens it.
 */
export type RecordName =
  | "content"
  | "grants"
  | "settings"
  | "addons"
  | "themes"
  | "layouts"
  | "reactionTypes"
  | `discussion:${number}`
  | `category:${number}`
  | `comment:${number}`
  | `user:${number}`
  | `member:${number}`;

export const recordNames = {
  /** Anything public may have changed: what an unnamed write publishes. */
  content: "content",
  /** Roles, their permissions, category permission junctions. */
  grants: "grants",
  /** Stored configuration values. */
  settings: "settings",
  /** Which add-ons run. */
  addons: "addons",
  /** The site's themes and which one applies (every themed page reads them). */
  themes: "themes",
  /** Stored page layouts, their assignments and custom fragments. */
  layouts: "layouts",
  /** The reaction types (every page with posts reads them). */
  reactionTypes: "reactionTypes",
  discussion: (discussionID: number): RecordName => `discussion:${discussionID}`,
  category: (categoryID: number): RecordName => `category:${categoryID}`,
  comment: (commentID: number): RecordName => `comment:${commentID}`,
  /** A member's public record: name, photo, counts, roles. */
  user: (userID: number): RecordName => `user:${userID}`,
  /** What only one member sees: their drafts, read marks, display choices. Retires nothing public. */
  member: (userID: number): RecordName => `member:${userID}`,
} as const;

/** Whether a name is one member's own state (no public page depends on it). */
export function isMemberOnly(name: string): boolean {
  return name.startsWith("member:");
}

/** Whether a received string is a record name (names travel between processes). */
export function isRecordName(value: unknown): value is RecordName {
  return (
    typeof value === "string" &&
    (/^(content|grants|settings|addons|themes|layouts)$/.test(value) ||
      /^(discussion|category|comment|user|member):\d+$/.test(value))
  );
}

/**
 * Whether a cache that depends on `pattern` is retired by a change of `name`. Patterns are names, `prefix:*`
 * (any record of a kind), `public` (any name but a member's own) or `*` (anything); `content` (an unnamed
 * write) retires every public dependency.
 */
export function dependsOn(pattern: string, name: string): boolean {
  if (pattern === "*") return true;
  if (pattern === "public") return !isMemberOnly(name);
  if (name === "content") return !pattern.startsWith("member:");
  if (pattern.endsWith(":*")) return name.startsWith(pattern.slice(0, -1));
  return pattern === name;
}
