import zlib from "node:zlib";
import { serverApplications } from "@applications/serverApplications";
import { createTestApp, testDialects, type TestApp } from "@library/server/testing/testApp";

/** Pages and API answers leave compressed; the guest cache keeps the compressed bytes per encoding. */
describe.each(testDialects)("compression (%s)", (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect, serverApplications, { guestCacheSeconds: 60 });
  });
  afterAll(() => testApp.close());

  const get = (url: string, acceptEncoding?: string) =>
    testApp.app.inject({
      url,
      headers: { host: "localhost:80", ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
    });

  it("sends pages with brotli or gzip as the client accepts, and plain otherwise", async () => {
    const brotli = await get("/categories", "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(String(brotli.headers.vary)).toMatch(/Accept-Encoding/);
    const html = zlib.brotliDecompressSync(brotli.rawPayload).toString();
    expect(html).toContain("<!DOCTYPE html>");
    expect(brotli.rawPayload.length).toBeLessThan(Buffer.byteLength(html) / 2);

    const gzip = await get("/categories", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(html);

    const plain = await get("/categories");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(html);
    const refused = await get("/categories", "br;q=0, gzip;q=0");
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("keeps small answers as they are", async () => {
    const small = await get("/api/v2/users/me", "br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toMatchObject({ userID: 0 });
  });

  it("serves a guest cache hit with the bytes compressed once, per encoding", async () => {
    const first = await get("/discussions?sort=hot", "br");
    const second = await get("/discussions?sort=hot", "br");
    expect(second.headers["x-guest-cache"]).toBe("hit");
    expect(second.headers["content-encoding"]).toBe("br");
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const gzip = await get("/discussions?sort=hot", "gzip");
    expect(gzip.headers["x-guest-cache"]).toBeUndefined();
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await get("/discussions?sort=hot");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(zlib.brotliDecompressSync(first.rawPayload).toString());
  });
});
