import type { Migration } from "kysely";
import * as createSearchIndex from "./2027-01-05T1000_create_search_index";
import * as addSearchDiscussionTags from "./2027-01-06T1000_add_search_discussion_tags";
import * as searchWordIndex from "./2027-01-07T1000_search_word_index";

/** The search add-on's frozen migrations, listed statically (no filesystem globbing). */
export const searchMigrations: Record<string, Migration> = {
  "2027-01-05T1000_create_search_index": createSearchIndex,
  "2027-01-06T1000_add_search_discussion_tags": addSearchDiscussionTags,
  "2027-01-07T1000_search_word_index": searchWordIndex,
};
