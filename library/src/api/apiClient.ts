import axios, { type InternalAxiosRequestConfig } from "axios";
import { getBootstrap } from "@library/src/bootstrap/bootstrap";
import { relativizeSiteLinks, siteLinkOrigin } from "./siteLinks";

/** The request that produced the page, sent with every API call so the server can chain audit logs. */
export interface AuditLogContext {
  parentAuditLogID: string;
  requestPath: string;
  requestMethod: string;
  requestQuery: string;
}

let auditLogContext: AuditLogContext | null = null;

export function setAuditLogContext(context: AuditLogContext | null): void {
  auditLogContext = context;
}

export function getAuditLogContext(): AuditLogContext | null {
  return auditLogContext;
}

/** Statuses below 400, and 408, count as success (SPEC 8). */
export function isSuccessStatus(status: number): boolean {
  return status < 400 || status === 408;
}

export function addAuditLogHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  if (auditLogContext) {
    config.headers.set("X-Parent-Audit-Log-Id", auditLogContext.parentAuditLogID);
    config.headers.set("X-Parent-Audit-Log-Request-Path", auditLogContext.requestPath);
    config.headers.set("X-Parent-Audit-Log-Request-Method", auditLogContext.requestMethod);
    config.headers.set("X-Parent-Audit-Log-Request-Query", auditLogContext.requestQuery);
  }
  return config;
}

/** The one axios instance for `/api/v2/`. Paths are relative: `apiv2.get("users/me")`. */
export const apiv2 = axios.create({
  baseURL: `${getBootstrap().basePath}/api/v2/`,
  headers: { "X-Requested-With": "vanilla" },
  validateStatus: isSuccessStatus,
});

// The site's own links come back as paths (see siteLinks.ts).
apiv2.interceptors.response.use((response) => {
  const origin = siteLinkOrigin(getBootstrap().siteUrl);
  if (origin) relativizeSiteLinks(response.data, origin);
  return response;
});

apiv2.interceptors.request.use((config) => {
  // The base path may only be known after the bundle evaluated (bootstrap script later in the page).
  config.baseURL = `${getBootstrap().basePath}/api/v2/`;
  return addAuditLogHeaders(config);
});
