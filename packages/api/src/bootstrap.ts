import type { Me, PermissionsResponse } from "./users";

/**
 * What every server-rendered page embeds for the client (`<script type="application/json" id="app-bootstrap">`),
 * so the first render needs no request for the user, permissions or settings.
 */
export interface PageBootstrap {
  /** Site base path without a trailing slash ("" at the root). */
  basePath: string;
  siteUrl: string;
  locale: string;
  currentUser: Me;
  permissions: PermissionsResponse;
  /** Public settings the client reads (SPEC 3 "site settings read"), keyed as in GET /config. */
  config: Record<string, unknown>;
  /** Enabled add-on keys. */
  addons: string[];
  /** Debug mode: component load failures are shown on the page. */
  debug: boolean;
}
