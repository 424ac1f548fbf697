import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { buildApp } from "../app/buildApp";
import { testConfig } from "../config/config";
import { openSqlite } from "../db/database";

/** The build writes `<file>.br` and `<file>.gz` beside each bundle; the server sends them as they are. */
describe("precompressed build files", () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), "forum-dist-"));
  const script = `console.log(${JSON.stringify("a bundle ".repeat(400))});`;
  // Markers in the twins prove the file was sent, not compressed on the fly.
  const brotli = zlib.brotliCompressSync(`${script}//br`);
  const gzip = zlib.gzipSync(`${script}//gz`);
  fs.writeFileSync(path.join(distDir, "forum.0123456789.js"), script);
  fs.writeFileSync(path.join(distDir, "forum.0123456789.js.br"), brotli);
  fs.writeFileSync(path.join(distDir, "forum.0123456789.js.gz"), gzip);

  const database = openSqlite(":memory:");
  let built: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    built = await buildApp({ config: testConfig({ distDir }), database, applications: [] });
  });
  afterAll(async () => {
    await built.app.close();
    await database.destroy();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const get = (acceptEncoding?: string) =>
    built.app.inject({
      url: "/dist/forum.0123456789.js",
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });

  it("sends the .br file to clients that take brotli, the .gz file to gzip-only clients, the plain file otherwise", async () => {
    const br = await get("gzip, deflate, br");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.equals(brotli)).toBe(true);
    expect(br.headers["content-type"]).toMatch(/javascript/);

    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(`${script}//gz`);

    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("marks every variant Vary: Accept-Encoding and cacheable for a year, never revalidated (the name has its hash)", async () => {
    for (const response of [await get("br"), await get("gzip"), await get()]) {
      expect(String(response.headers.vary)).toMatch(/Accept-Encoding/);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });
});
