import type { Migration } from "kysely";
import * as createAnalyticsTables from "./2027-02-01T1000_create_analytics_tables";

export const analyticsMigrations: Record<string, Migration> = {
  "2027-02-01T1000_create_analytics_tables": createAnalyticsTables,
};
