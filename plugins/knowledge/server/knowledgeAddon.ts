import { defineAddon } from "@library/server/addons/defineAddon";
import { searchRecordTypes } from "@library/server/search/searchRecordTypes";
import type { FastifyInstance } from "fastify";
import { articleRevisionRoutes } from "./articles/articleRevisionRoutes";
import { articleRoutes } from "./articles/articleRoutes";
import { articleSearchRecords } from "./articles/articleSearchRecords";
import { knowledgeBaseRoutes } from "./knowledgeBases/knowledgeBaseRoutes";
import { knowledgeCategoryRoutes } from "./knowledgeCategories/knowledgeCategoryRoutes";
import { knowledgeMigrations } from "./migrations/knowledgeMigrations";
import { registerKnowledgeSlots } from "./pages/knowledgeSlots";
import { seedKnowledgeDemo } from "./seed/knowledgeSeed";
import { knowledgePages } from "./pages/knowledgePages";
import "./knowledgePermissions";
import "./tables";

/**
 * Knowledge bases (Vanilla's `/knowledge-bases`, `/knowledge-categories`, `/articles`): guides read in order and
 * help centers by category, articles in the posts' rich format with drafts and revisions, 'Was this helpful?'
 * votes, `/kb/` pages and `/kb/search` on the search add-on's index (domain knowledgeBase), and answers turned
 * into draft articles from the discussion page. Disabling it removes its routes, pages and results; the tables
 * stay.
 */
export const knowledgeAddon = defineAddon({
  key: "knowledge",
  migrations: knowledgeMigrations,
  seedDemo: seedKnowledgeDemo,
  permissions: {
    "knowledge.view": { label: "Read knowledge bases", default: "reader" },
    "knowledge.articles.add": { label: "Write knowledge base articles", default: "moderator" },
    "knowledge.articles.edit": { label: "Edit any knowledge base article", default: "moderator" },
  },
  register(registrar) {
    registrar.extend((context, owner) => searchRecordTypes(context).add(articleSearchRecords, owner));
    registrar.apiRoutes(async (api: FastifyInstance, context) => {
      knowledgeBaseRoutes(api, context);
      knowledgeCategoryRoutes(api, context);
      articleRoutes(api, context);
      articleRevisionRoutes(api, context);
    });
    registrar.pageRoutes(knowledgePages);
    registerKnowledgeSlots(registrar);
  },
});
