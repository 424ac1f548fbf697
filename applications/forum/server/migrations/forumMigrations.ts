import type { Migration } from "kysely";
import * as createForumTables from "./2026-11-22T1300_create_forum_tables";
import * as createReactionsAndBookmarks from "./2026-12-01T0900_create_reactions_and_bookmarks";
import * as addForumForeignKeys from "./2026-12-12T1000_add_forum_foreign_keys";
import * as addReadState from "./2026-12-20T0900_add_read_state";
import * as createDraftsAndMedia from "./2026-12-22T0900_create_drafts_and_media";
import * as addSoftDeleteAndChangeLog from "./2026-12-27T0900_add_soft_delete_and_change_log";
import * as indexLivePosts from "./2026-12-27T1000_index_live_posts";
import * as createTags from "./2026-12-28T1200_create_tags";
import * as addCategoryModerationAndReplyDisplay from "./2026-12-28T0900_add_category_moderation_and_reply_display";
import * as addCommentThreads from "./2026-12-28T1400_add_comment_threads";
import * as createModerationQueue from "./2026-12-28T1500_create_moderation_queue";
import * as createCollectionsAndPostMutes from "./2026-12-28T1700_create_collections_and_post_mutes";
import * as addPostTypes from "./2026-12-28T1600_add_post_types";
import * as addModerationSpamReasons from "./2026-12-29T0900_add_moderation_spam_reasons";
import * as neverReuseForumIDs from "./2026-12-30T0900_never_reuse_forum_ids";
import * as createLayoutsAndFragments from "./2027-01-21T0900_create_layouts_and_fragments";
import * as indexPinnedDiscussionsByCategory from "./2027-01-22T0900_index_pinned_discussions_by_category";

/** The forum's frozen migrations, listed statically so the runner needs no filesystem globbing. */
export const forumMigrations: Record<string, Migration> = {
  "2026-11-22T1300_create_forum_tables": createForumTables,
  "2026-12-01T0900_create_reactions_and_bookmarks": createReactionsAndBookmarks,
  "2026-12-12T1000_add_forum_foreign_keys": addForumForeignKeys,
  "2026-12-20T0900_add_read_state": addReadState,
  "2026-12-22T0900_create_drafts_and_media": createDraftsAndMedia,
  "2026-12-27T0900_add_soft_delete_and_change_log": addSoftDeleteAndChangeLog,
  "2026-12-27T1000_index_live_posts": indexLivePosts,
  "2026-12-28T1200_create_tags": createTags,
  "2026-12-28T0900_add_category_moderation_and_reply_display": addCategoryModerationAndReplyDisplay,
  "2026-12-28T1400_add_comment_threads": addCommentThreads,
  "2026-12-28T1500_create_moderation_queue": createModerationQueue,
  "2026-12-28T1700_create_collections_and_post_mutes": createCollectionsAndPostMutes,
  "2026-12-28T1600_add_post_types": addPostTypes,
  "2026-12-29T0900_add_moderation_spam_reasons": addModerationSpamReasons,
  "2026-12-30T0900_never_reuse_forum_ids": neverReuseForumIDs,
  "2027-01-21T0900_create_layouts_and_fragments": createLayoutsAndFragments,
  "2027-01-22T0900_index_pinned_discussions_by_category": indexPinnedDiscussionsByCategory,
};
