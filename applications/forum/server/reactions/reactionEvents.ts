declare module "@library/server/events/eventBus" {
  interface DomainEvents {
    /**
     * A member reacted to a post (a new reaction, or another type in place of their old one): `recordUserID` is
     * the post's author, who received it.
     */
    "reaction.added": {
      recordType: "discussion" | "comment";
      recordID: number;
      recordUserID: number;
      userID: number;
      tagID: number;
    };
    /** A reaction was taken back (by its member or a moderator). */
    "reaction.removed": {
      recordType: "discussion" | "comment";
      recordID: number;
      recordUserID: number;
      userID: number;
      tagID: number;
    };
  }
}

export {};
