import type { InternalAxiosRequestConfig } from "axios";
import { apiv2, setAuditLogContext } from "./apiClient";
import { toApiError } from "./apiError";

/** Run a request through the real instance and interceptors, answering with the given status. */
function respondWith(status: number, data: unknown) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter = (config: InternalAxiosRequestConfig) => {
    seen.push(config);
    const response = { data, status, statusText: String(status), headers: {}, config };
    return new Promise((resolve, reject) => {
      if (config.validateStatus?.(status)) resolve(response);
      else
        reject(
          Object.assign(new Error(`Request failed with status ${status}`), {
            isAxiosError: true,
            response,
            config,
          }),
        );
    });
  };
  return { seen, adapter: adapter as InternalAxiosRequestConfig["adapter"] };
}

describe("apiv2", () => {
  afterEach(() => setAuditLogContext(null));

  it("targets /api/v2/ with the app marker header", async () => {
    const { seen, adapter } = respondWith(200, { ok: true });
    const response = await apiv2.get("users/me", { adapter });
    expect(response.data).toEqual({ ok: true });
    expect(seen[0]!.baseURL).toBe("/api/v2/");
    expect(seen[0]!.headers.get("X-Requested-With")).toBe("vanilla");
    expect(seen[0]!.headers.has("X-Parent-Audit-Log-Id")).toBe(false);
  });

  it("treats 408 as success and 404 as a failure normalised to ApiError", async () => {
    const timeout = respondWith(408, { message: "slow" });
    await expect(apiv2.get("x", { adapter: timeout.adapter })).resolves.toMatchObject({ status: 408 });

    const missing = respondWith(404, { message: "Discussion not found.", status: 404 });
    const error = await apiv2.get("x", { adapter: missing.adapter }).then(
      () => null,
      (thrown: unknown) => toApiError(thrown),
    );
    expect(error).toEqual({ message: "Discussion not found.", status: 404, errors: {} });
  });

  it("adds the audit log headers once a context is set", async () => {
    setAuditLogContext({
      parentAuditLogID: "abc",
      requestPath: "/discussions",
      requestMethod: "GET",
      requestQuery: "page=2",
    });
    const { seen, adapter } = respondWith(200, {});
    await apiv2.post("drafts", {}, { adapter });
    const headers = seen[0]!.headers;
    expect(headers.get("X-Parent-Audit-Log-Id")).toBe("abc");
    expect(headers.get("X-Parent-Audit-Log-Request-Path")).toBe("/discussions");
    expect(headers.get("X-Parent-Audit-Log-Request-Method")).toBe("GET");
    expect(headers.get("X-Parent-Audit-Log-Request-Query")).toBe("page=2");
  });
});
