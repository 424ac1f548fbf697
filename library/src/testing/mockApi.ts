import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { setApiAdapter } from "@library/src/api/apiClient";

export interface MockReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}

export type MockHandler = (request: {
  method: string;
  url: string;
  params: unknown;
  data: unknown;
}) => MockReply | Promise<MockReply>;

/**
 * Answer requests made through the real `apiv2` instance (interceptors, validateStatus and all) without a
 * network. Returns the requests seen and a restore function.
 */
export function mockApi(handler: MockHandler) {
  const requests: Array<{ method: string; url: string; params: unknown; data: unknown }> = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request = {
      method: (config.method ?? "get").toUpperCase(),
      url: config.url ?? "",
      params: config.params as unknown,
      data: typeof config.data === "string" ? (JSON.parse(config.data) as unknown) : (config.data as unknown),
    };
    requests.push(request);
    const reply = await handler(request);
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: reply.data ?? null,
      status,
      statusText: String(status),
      headers: reply.headers ?? {},
      config,
    };
    if (config.validateStatus && !config.validateStatus(status)) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        "ERR_BAD_RESPONSE",
        config,
        null,
        response,
      );
    }
    return response;
  };
  setApiAdapter(adapter);
  return {
    requests,
    restore() {
      setApiAdapter(null);
    },
  };
}
