import type { Generated } from "kysely";

export interface ExampleGreetingTable {
  greetingID: Generated<number>;
  insertUserID: number;
  message: string;
  dateInserted: string;
}

declare module "@library/server/db/database" {
  interface Database {
    exampleGreetings: ExampleGreetingTable;
  }
}
