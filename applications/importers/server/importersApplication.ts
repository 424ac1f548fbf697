import type { ServerApplication } from "@library/server/app/serverApplication";
import { importCommand } from "./importCommand";
import { importersMigrations } from "./migrations/importersMigrations";

/** Importers: `npm run forum -- import <source>` copies another forum's history here (see importSources.ts). */
export const importersApplication: ServerApplication = {
  key: "importers",
  name: "Importers",
  migrations: importersMigrations,
  commands: { import: importCommand },
};
