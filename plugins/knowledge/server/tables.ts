import type { Generated } from "kysely";

export interface KnowledgeBaseTable {
  knowledgeBaseID: Generated<number>;
  name: string;
  description: string;
  urlCode: string;
  viewType: string;
  rootCategoryID: number;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string | null;
}

export interface KnowledgeCategoryTable {
  knowledgeCategoryID: Generated<number>;
  knowledgeBaseID: number;
  parentID: number | null;
  name: string;
  sort: number;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string | null;
}

export interface ArticleTable {
  articleID: Generated<number>;
  knowledgeBaseID: number;
  knowledgeCategoryID: number;
  name: string;
  body: string;
  format: string;
  bodyHtml: string;
  bodyText: string;
  /** `published` or `draft`. */
  status: string;
  sort: number;
  discussionID: number | null;
  commentID: number | null;
  countHelpful: number;
  countNotHelpful: number;
  insertUserID: number;
  dateInserted: string;
  updateUserID: number | null;
  dateUpdated: string | null;
}

export interface ArticleRevisionTable {
  articleRevisionID: Generated<number>;
  articleID: number;
  name: string;
  body: string;
  format: string;
  bodyHtml: string;
  status: string;
  insertUserID: number;
  dateInserted: string;
}

export interface ArticleHelpfulVoteTable {
  articleID: number;
  userID: number;
  /** 1 helpful, 0 not. */
  helpful: number;
  dateInserted: string;
}

declare module "@library/server/db/database" {
  interface Database {
    knowledgeBases: KnowledgeBaseTable;
    knowledgeCategories: KnowledgeCategoryTable;
    articles: ArticleTable;
    articleRevisions: ArticleRevisionTable;
    articleHelpfulVotes: ArticleHelpfulVoteTable;
  }
}
