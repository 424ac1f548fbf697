import type { FastifyInstance } from "fastify";
import type { AddonDefinition } from "../addons/defineAddon";
import type { AppContext } from "./appContext";

/**
 * A core application (forum, dashboard): an add-on definition that is always on, with a name of its own and,
 * besides `register`, the two direct hooks the core applications were written with (routes under /api/v2 by
 * `registerApi`, pages at the root by `registerPages`).
 */
export interface ServerApplication extends AddonDefinition {
  name: string;
  description?: string;
  registerApi?(api: FastifyInstance, context: AppContext): Promise<void> | void;
  registerPages?(app: FastifyInstance, context: AppContext): Promise<void> | void;
}
