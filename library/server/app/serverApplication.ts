import type { FastifyInstance } from "fastify";
import type { MigrationSet } from "../db/migrate";
import type { AppContext } from "./appContext";

/**
 * An application (forum, dashboard, conversations) or add-on as the server sees it: its migrations, its
 * routes (registered under /api/v2 by `registerApi`, pages at the root by `registerPages`) and its demo seed.
 */
export interface ServerApplication {
  key: string;
  name: string;
  migrations?: MigrationSet["migrations"];
  registerApi?(api: FastifyInstance, context: AppContext): Promise<void> | void;
  registerPages?(app: FastifyInstance, context: AppContext): Promise<void> | void;
  /** Fills an empty database with demo content; runs after the core seed, in application order. */
  seedDemo?(context: AppContext): Promise<void>;
}
