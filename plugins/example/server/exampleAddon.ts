import { defineAddon } from "@library/server/addons/defineAddon";
import { registerGreetingWidget } from "./greetings/greetingWidget";
import { greetingsRoutes } from "./greetings/greetingsRoutes";
import { exampleMigrations } from "./migrations/exampleMigrations";

declare module "@library/server/permissions/permissionNames" {
  interface AddonPermissionNames {
    "example.greet": true;
  }
}

/** The smallest complete add-on: a table, a setting, a permission, two API routes and a discussion-page widget. */
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
    registerGreetingWidget(registrar);
  },
});
