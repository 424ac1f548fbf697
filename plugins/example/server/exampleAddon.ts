import { defineAddon } from "@library/server/addons/defineAddon";
import { greetingsRoutes } from "./greetings/greetingsRoutes";
import { exampleMigrations } from "./migrations/exampleMigrations";

declare module "@library/server/permissions/permissionNames" {
  interface AddonPermissionNames {
    "example.greet": true;
  }
}

/** The smallest complete add-on: a table, a setting, a permission and two API routes. */
export const exampleAddon = defineAddon({
  key: "example",
  migrations: exampleMigrations,
  settings: {
    "example.greeting": {
      type: "string",
      label: "Greeting shown on discussion pages",
      default: "Welcome to the discussion!",
    },
  },
  permissions: {
    "example.greet": { label: "Leave greetings", default: "member" },
  },
  register(registrar) {
    registrar.apiRoutes(greetingsRoutes);
  },
});
