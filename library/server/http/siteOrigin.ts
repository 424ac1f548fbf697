import type { FastifyRequest } from "fastify";
import type { ServerConfig } from "../config/config";
import type { Db } from "../db/database";
import { ClientError } from "../errors/httpErrors";
import type { SettingsStore } from "../settings/settingsStore";
import { defineSetting } from "../settings/settingsRegistry";
import { Type } from "@sinclair/typebox";

/** The origin an administrator first served the site on, stored when `SITE_URL` is not set. */
export const STORED_ORIGIN_SETTING = "garden.siteOrigin";

defineSetting({
  key: STORED_ORIGIN_SETTING,
  schema: Type.String({ maxLength: 300 }),
  default: "",
  read: "site.manage",
  write: "site.manage",
});

export const UNKNOWN_HOST_MESSAGE = "This site does not answer to that host name.";

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Where the site lives, for links that leave the request: mail (reset, confirmation, registration links) never
 * trusts a request's `Host` header. `SITE_URL` wins; without it, the origin of the first request an administrator
 * made is stored and used from then on; before that, `http://localhost:PORT`. Other links (paging, canonical)
 * use the same origin once known, the request's own before.
 */
export class SiteOrigin {
  constructor(
    private readonly config: ServerConfig,
    private readonly settings: SettingsStore,
    private readonly db: Db,
  ) {}

  private stored(): string {
    return this.settings.peek<string>(STORED_ORIGIN_SETTING);
  }

  /** The origin mail links use. */
  forMail(): string {
    return this.config.siteUrl ?? (this.stored() || `http://localhost:${this.config.port}`);
  }

  /** The origin of links in this request's answer. */
  forRequest(request: FastifyRequest): string {
    return this.config.siteUrl ?? (this.stored() || requestOrigin(request));
  }

  /**
   * With `ALLOWED_HOSTS` (or `SITE_URL`) set, a request for any other host name is refused; without them every
   * host is answered (a forum on a LAN by IP and by name), and links still never come from it.
   */
  checkHost(request: FastifyRequest): void {
    const allowed = this.allowedHosts();
    if (allowed.size === 0) return;
    if (!allowed.has(request.host.toLowerCase())) throw new ClientError(UNKNOWN_HOST_MESSAGE);
  }

  private allowedHosts(): Set<string> {
    const hosts = new Set(this.config.allowedHosts.map((host) => host.toLowerCase()));
    const configured = this.config.siteUrl ? hostOf(this.config.siteUrl) : null;
    if (configured && hosts.size > 0) hosts.add(configured);
    return hosts;
  }

  /** Stores the origin of an administrator's request, once (the first one wins across processes). */
  async learnFrom(request: FastifyRequest): Promise<void> {
    if (this.config.siteUrl || this.stored()) return;
    const origin = requestOrigin(request);
    if (!hostOf(origin)) return;
    await this.db
      .insertInto("configValues")
      .values({
        key: STORED_ORIGIN_SETTING,
        value: JSON.stringify(origin),
        dateUpdated: new Date().toISOString(),
        updateUserID: request.viewer.userID,
      })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
    await this.settings.refresh();
  }
}
