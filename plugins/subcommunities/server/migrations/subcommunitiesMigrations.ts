import type { Migration } from "kysely";
import * as createSiteSections from "./2027-03-01T1000_create_site_sections";

export const subcommunitiesMigrations: Record<string, Migration> = {
  "2027-03-01T1000_create_site_sections": createSiteSections,
};
