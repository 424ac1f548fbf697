import { defineAddon } from "@library/server/addons/defineAddon";
import { discussionCreateHooks } from "@library/server/addons/discussionCreateHooks";
import { frameAncestorSources } from "@library/server/http/frameAncestorSources";
import { chromelessPages } from "@library/server/pages/chromelessPages";
import type { FastifyInstance } from "fastify";
import { EMBED_QUERY } from "../api/embedMessages";
import { embedRoutes } from "./embedRoutes";
import { allowedOrigins, embedSettings } from "./embedSettings";
import { embedMigrations } from "./migrations/embedMigrations";
import { embedPages } from "./pages/embedPages";
import { recordEmbedDiscussion } from "./threads/embedThreads";
import "./tables";

declare module "@library/server/permissions/permissionNames" {
  interface AddonPermissionNames {
    "embed.manage": true;
  }
}

/**
 * Embedding: other sites show the forum in a frame (a discussion list, a discussion, or a blog post's comments,
 * whose discussion is created on the first view) through `/embed.js`; pages asked for with `?embed=1` come without
 * the site's chrome and report their address, title, height and scroll to the parent; only the allowed domains
 * may frame the forum (`frame-ancestors`). Disabling it stops all of that and keeps the pages' discussions.
 */
export const embedAddon = defineAddon({
  key: "embed",
  migrations: embedMigrations,
  settings: embedSettings,
  permissions: {
    "embed.manage": { label: "Manage embedding", default: "manager" },
  },
  register(registrar, context) {
    registrar.apiRoutes(async (api) => {
      await api.register(async (scope: FastifyInstance) => embedRoutes(scope, context));
    });
    registrar.pageRoutes(async (app) => {
      await app.register(async (scope: FastifyInstance) => embedPages(scope, context));
    });
    registrar.extend((context, owner) => {
      frameAncestorSources(context).add(() => allowedOrigins(context.settings), owner);
      chromelessPages(context).add(
        (request) => (request.query as Record<string, unknown> | null)?.[EMBED_QUERY] === "1",
        owner,
      );
      discussionCreateHooks(context).add(recordEmbedDiscussion, owner);
    });
    registrar.dashboardSection({
      key: "embed",
      path: "embed",
      label: "Embedding",
      group: "Site",
      component: "EmbedSection",
      permission: "embed.manage",
      sort: 6,
    });
  },
});
