import type { FastifyBaseLogger } from "fastify";
import type { ServerConfig } from "../config/config";
import type { Db, Dialect } from "../db/database";
import type { Mailer } from "../mail/mailer";
import type { PageRenderer } from "../pages/pageRenderer";
import type { GrantCache } from "../permissions/roleGrants";
import type { SettingsStore } from "../settings/settingsStore";

/** What every application's routes and commands receive: no globals, so tests build as many as they like. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  dialect: Dialect;
  settings: SettingsStore;
  grants: GrantCache;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Server-rendered pages with the title bar and the page bootstrap. */
  pages: PageRenderer;
}
