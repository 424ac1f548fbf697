import type { Migration } from "kysely";
import * as createImportMap from "./2027-02-01T0900_create_import_map";

/** The importers' frozen migrations, listed statically so the runner needs no filesystem globbing. */
export const importersMigrations: Record<string, Migration> = {
  "2027-02-01T0900_create_import_map": createImportMap,
};
