import type { Migration } from "kysely";
import * as createExampleGreetings from "./2026-12-10T1300_create_example_greetings";

export const exampleMigrations: Record<string, Migration> = {
  "2026-12-10T1300_create_example_greetings": createExampleGreetings,
};
