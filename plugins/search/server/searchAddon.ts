import { keepPagesInSections } from "@library/server/http/siteSections";
import { defineAddon } from "@library/server/addons/defineAddon";
import { searchRecordTypes } from "@library/server/search/searchRecordTypes";
import { siteSearch } from "@library/server/search/siteSearch";
import { memberSearch } from "@library/server/users/memberSearch";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import {
  AUTOCOMPLETE_DEBOUNCE_DEFAULT,
  AUTOCOMPLETE_DEBOUNCE_SETTING,
  SEARCH_HUB_NAME_SETTING,
  SEARCH_HUB_URL_SETTING,
  USE_NEW_SEARCH_PAGE_SETTING,
} from "../api/searchConstants";
import { registerDiscussionSearchWidget } from "./discussion/discussionSearchWidget";
import { registerSearchJobs, scheduleDirectorySync } from "./indexing/searchJobs";
import { indexedMemberSearch } from "./members/indexedMemberSearch";
import { searchMigrations } from "./migrations/searchMigrations";
import { categorySearchRecords } from "./records/categorySearchRecords";
import { commentSearchRecords } from "./records/commentSearchRecords";
import { discussionSearchRecords } from "./records/discussionSearchRecords";
import { userSearchRecords } from "./records/userSearchRecords";
import { registerSearchEntryPoints } from "./pages/searchEntryPoints";
import { searchPageRoutes } from "./pages/searchPage";
import { searchRoutes } from "./search/searchRoutes";
import { siteSearchRunner } from "./search/siteSearchRunner";
import { reindexCommand } from "./indexing/reindexCommand";
import "./tables";

/**
 * Full-text search (API.md 15, SPEC 2 search page, hero and title-bar search): an index kept by jobs on the
 * forum's events, `GET /api/v2/search`, the `/search` page and the autocomplete, and the dashboard's member
 * search. Other add-ons add record types through `searchRecordTypes(context)`.
 */
export const searchAddon = defineAddon({
  key: "search",
  migrations: searchMigrations,
  settings: {
    [AUTOCOMPLETE_DEBOUNCE_SETTING]: {
      type: "integer",
      label: "Autocomplete delay (milliseconds)",
      description: "How long the search box waits after the last keystroke before it suggests results.",
      default: AUTOCOMPLETE_DEBOUNCE_DEFAULT,
      schema: Type.Integer({ minimum: 0, maximum: 5000 }),
    },
    [USE_NEW_SEARCH_PAGE_SETTING]: {
      type: "boolean",
      label: "New search page",
      description:
        "Search links carry the terms as 'query' (on) or as 'search' (off); the search page reads both.",
      default: true,
    },
    [SEARCH_HUB_NAME_SETTING]: {
      type: "string",
      label: "Hub name",
      description: "The community of communities this site belongs to, as the 'Search In' choice names it.",
      default: "",
      schema: Type.String({ maxLength: 100 }),
    },
    [SEARCH_HUB_URL_SETTING]: {
      type: "string",
      label: "Hub address",
      description:
        "The hub's address (https://…). With a name and an address the search box offers 'Search In' this site or the hub; a hub search opens the hub's search page.",
      default: "",
      schema: Type.String({ maxLength: 500, pattern: "^(https?://\\S+)?$" }),
    },
  },
  register(registrar, context) {
    registrar.extend((context, owner) => {
      const types = searchRecordTypes(context);
      for (const type of [
        discussionSearchRecords,
        commentSearchRecords,
        userSearchRecords,
        categorySearchRecords,
      ])
        types.add(type, owner);
      memberSearch(context).add(indexedMemberSearch(context), owner);
      siteSearch(context).provide(siteSearchRunner(context), owner);
      // The search page of a site section's folder searches the section: its links stay there.
      keepPagesInSections("search");
    });
    registerSearchJobs(registrar, context);
    registerDiscussionSearchWidget(registrar);
    registerSearchEntryPoints(registrar);
    registrar.apiRoutes((api: FastifyInstance, context) => {
      searchRoutes(api, context);
      scheduleDirectorySync(context, (stop) => api.addHook("onClose", async () => stop()));
    });
    registrar.pageRoutes(searchPageRoutes);
  },
  commands: { "search:reindex": reindexCommand },
});
