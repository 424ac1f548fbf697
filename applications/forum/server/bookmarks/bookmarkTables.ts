/** The bookmark date added to the forum's per-user discussion state (newest bookmark first). */
declare module "../tables" {
  interface UserDiscussionTable {
    dateBookmarked: string | null;
  }
}

export {};
