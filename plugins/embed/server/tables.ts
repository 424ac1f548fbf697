export interface EmbedDiscussionTable {
  /** The embedding site's id of its page (the page's URL when it gives none). */
  foreignID: string;
  discussionID: number;
  url: string;
  dateInserted: string;
}

declare module "@library/server/db/database" {
  interface Database {
    embedDiscussions: EmbedDiscussionTable;
  }
}
