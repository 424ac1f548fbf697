import type { ServerApplication } from "@library/server/app/serverApplication";
import { importCommand } from "./importCommand";
import { importersMigrations } from "./migrations/importersMigrations";
import { importTokenCommand } from "./importTokenCommand";

/** Importers: `npm run forum -- import <source>` copies another forum's history here (see importSources.ts). */
export const importersApplication: ServerApplication = {
  key: "importers",
  name: "Importers",
  description: "Copies another forum's history here: npm run forum -- import vanilla | nodebb.",
  migrations: importersMigrations,
  commands: { import: importCommand, "importers:token": importTokenCommand },
};
