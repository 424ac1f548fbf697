import { defineAddon } from "@library/server/addons/defineAddon";
import { siteSections } from "@library/server/http/siteSections";
import type { FastifyInstance } from "fastify";
import { subcommunitiesMigrations } from "./migrations/subcommunitiesMigrations";
import { MANAGE_PERMISSION } from "./sections/sectionCommands";
import { sectionDirectory } from "./sections/sectionDirectory";
import { sectionRoutes } from "./sections/sectionRoutes";
import "./tables";

declare module "@library/server/permissions/permissionNames" {
  interface AddonPermissionNames {
    "subcommunities.manage": true;
  }
}

/**
 * Subcommunities (SPEC 2 site sections): sections served under a folder of their own (`/fr/…`) with their
 * language, category subtree, home page (`subcommunityHome` layouts of record type siteSection) and navigation;
 * a picker in the title bar and a dashboard section to manage them. Disabling it serves every folder as before
 * (unknown addresses) and keeps the sections.
 */
export const subcommunitiesAddon = defineAddon({
  key: "subcommunities",
  migrations: subcommunitiesMigrations,
  permissions: {
    [MANAGE_PERMISSION]: { label: "Manage subcommunities", default: "manager" },
  },
  register(registrar, context) {
    registrar.apiRoutes(async (api) => {
      await api.register(async (scope: FastifyInstance) => sectionRoutes(scope, context));
    });
    registrar.extend((platform, owner) => {
      const directory = sectionDirectory(platform);
      siteSections(platform).add(directory, owner);
      void directory.reload();
    });
    registrar.titleBarItem({
      key: "subcommunities",
      label: "Subcommunities",
      href: "/",
      component: "SubcommunityPicker",
      membersOnly: false,
      placement: "picker",
    });
    registrar.dashboardSection({
      key: "subcommunities",
      path: "subcommunities",
      label: "Subcommunities",
      group: "Site",
      component: "SubcommunitiesSection",
      permission: MANAGE_PERMISSION,
      sort: 6,
    });
  },
});
