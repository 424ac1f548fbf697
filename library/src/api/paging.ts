import type { Paging } from "@forum/api/common";

export type { Paging };

type HeaderSource = Record<string, unknown> | { get(name: string): unknown } | undefined | null;

function header(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  const raw =
    typeof (headers as { get?: unknown }).get === "function"
      ? (headers as { get(name: string): unknown }).get(name)
      : ((headers as Record<string, unknown>)[name] ??
        (headers as Record<string, unknown>)[name.toLowerCase()]);
  if (typeof raw === "string" && raw !== "") return raw;
  if (typeof raw === "number") return String(raw);
  return undefined;
}

function toInt(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number.parseInt(value, 10);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** Read the `x-app-page-*` response headers (axios lower-cases header names). */
export function pagingFromHeaders(headers: HeaderSource): Paging {
  const paging: Paging = {
    currentPage: toInt(header(headers, "x-app-page-current")) ?? 1,
    limit: toInt(header(headers, "x-app-page-limit")) ?? 0,
  };
  const total = toInt(header(headers, "x-app-page-result-count"));
  if (total !== undefined) paging.total = total;
  const nextURL = header(headers, "x-app-page-next-url");
  if (nextURL) paging.nextURL = nextURL;
  const prevURL = header(headers, "x-app-page-prev-url");
  if (prevURL) paging.prevURL = prevURL;
  return paging;
}
