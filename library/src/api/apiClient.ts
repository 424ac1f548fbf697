import type {
  AxiosAdapter,
  AxiosInstance,
  AxiosRequestConfig,
  AxiosResponse,
  AxiosStatic,
  InternalAxiosRequestConfig,
} from "axios";
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

let adapterOverride: AxiosAdapter | null = null;

/** Answer every request through `adapter` instead of the network (tests: see testing/mockApi.ts); null restores. */
export function setApiAdapter(adapter: AxiosAdapter | null): void {
  adapterOverride = adapter;
}

function createApiInstance(axios: AxiosStatic): AxiosInstance {
  const instance = axios.create({
    baseURL: `${getBootstrap().basePath}/api/v2/`,
    headers: { "X-Requested-With": "vanilla" },
    validateStatus: isSuccessStatus,
  });
  // The site's own links come back as paths (see siteLinks.ts).
  instance.interceptors.response.use((response) => {
    const origin = siteLinkOrigin(getBootstrap().siteUrl);
    if (origin) relativizeSiteLinks(response.data, origin);
    return response;
  });
  instance.interceptors.request.use((config) => {
    // The base path may only be known after the bundle evaluated (bootstrap script later in the page).
    config.baseURL = `${getBootstrap().basePath}/api/v2/`;
    if (adapterOverride) config.adapter = adapterOverride;
    return addAuditLogHeaders(config);
  });
  return instance;
}

let apiInstance: Promise<AxiosInstance> | null = null;

/**
 * The one axios instance for `/api/v2/`, created at the first call: axios is a chunk of its own that a page
 * fetches when it first calls the API, so a page that only shows server HTML and widgets never loads it.
 */
function loadApiInstance(): Promise<AxiosInstance> {
  apiInstance ??= import("axios").then((module) => createApiInstance(module.default));
  return apiInstance;
}

/** `/api/v2/` with axios's call shapes. Paths are relative: `apiv2.get("users/me")`. */
export const apiv2 = {
  get<T = unknown, D = unknown>(url: string, config?: AxiosRequestConfig<D>): Promise<AxiosResponse<T, D>> {
    return loadApiInstance().then((instance) => instance.get<T, AxiosResponse<T, D>, D>(url, config));
  },
  delete<T = unknown, D = unknown>(
    url: string,
    config?: AxiosRequestConfig<D>,
  ): Promise<AxiosResponse<T, D>> {
    return loadApiInstance().then((instance) => instance.delete<T, AxiosResponse<T, D>, D>(url, config));
  },
  post<T = unknown, D = unknown>(
    url: string,
    data?: D,
    config?: AxiosRequestConfig<D>,
  ): Promise<AxiosResponse<T, D>> {
    return loadApiInstance().then((instance) => instance.post<T, AxiosResponse<T, D>, D>(url, data, config));
  },
  put<T = unknown, D = unknown>(
    url: string,
    data?: D,
    config?: AxiosRequestConfig<D>,
  ): Promise<AxiosResponse<T, D>> {
    return loadApiInstance().then((instance) => instance.put<T, AxiosResponse<T, D>, D>(url, data, config));
  },
  patch<T = unknown, D = unknown>(
    url: string,
    data?: D,
    config?: AxiosRequestConfig<D>,
  ): Promise<AxiosResponse<T, D>> {
    return loadApiInstance().then((instance) => instance.patch<T, AxiosResponse<T, D>, D>(url, data, config));
  },
};
