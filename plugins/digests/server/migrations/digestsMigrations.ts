import type { Migration } from "kysely";
import * as createDigests from "./2027-01-25T1000_create_digests";

export const digestsMigrations: Record<string, Migration> = {
  "2027-01-25T1000_create_digests": createDigests,
};
