import zlib from "node:zlib";
import type { ServerApplication } from "../app/serverApplication";
import { sessionClient } from "../testing/factories";
import { createTestApp, testDialects, type TestApp } from "../testing/testApp";
import { compressBody } from "./compression";
import { GuestCache } from "./guestCache";

let renders = 0;
/** A stored value the slow route reads before it waits, and the write route changes. */
let stored = 0;
let releaseSlowRead: () => void = () => undefined;
let announceSlowRead: () => void = () => undefined;
/** Resolves once the next slow read has read `stored` and waits for `releaseSlowRead`. */
const slowReadWaiting = () => new Promise<void>((resolve) => (announceSlowRead = resolve));

/** A counter route: each real render returns a new number, so a cached answer repeats the old one. */
const counterApplication: ServerApplication = {
  key: "counter",
  name: "Counter",
  registerApi(api, context) {
    context.guestCache.allowRoutes(["/api/v2/counter", "/api/v2/counter-cookie", "/api/v2/slow-read"]);
    api.get("/slow-read", async () => {
      const value = stored;
      const released = new Promise<void>((resolve) => (releaseSlowRead = resolve));
      announceSlowRead();
      await released;
      return { value };
    });
    api.post("/stored-write", async () => ({ value: ++stored }));
    api.get("/counter", async () => ({ renders: ++renders }));
    api.get("/uncached", async () => ({ renders: ++renders }));
    api.get("/counter-cookie", async (_request, reply) => {
      void reply.header("set-cookie", "a=b");
      return { renders: ++renders };
    });
    api.post("/counter-write", async () => ({ ok: true }));
  },
};

describe.each(testDialects)("the guest micro-cache on %s", (dialect) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, [counterApplication], { guestCacheSeconds: 60 });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const read = async (url: string, client = testApp.guest()) => {
    const response = await client.get<{ renders: number }>(url);
    return { renders: response.body.renders, hit: response.headers["x-guest-cache"] === "hit" };
  };

  it("serves a guest's second read of an allowed route from the cache", async () => {
    const first = await read("/api/v2/counter?x=1");
    const second = await read("/api/v2/counter?x=1");
    expect(second).toEqual({ renders: first.renders, hit: true });
    expect((await read("/api/v2/counter?x=2")).hit).toBe(false);
  });

  it("never caches routes that did not opt in, responses that set cookies, or signed-in members", async () => {
    await read("/api/v2/uncached");
    expect((await read("/api/v2/uncached")).hit).toBe(false);
    await read("/api/v2/counter-cookie");
    expect((await read("/api/v2/counter-cookie")).hit).toBe(false);
    const { client } = await sessionClient(testApp);
    await read("/api/v2/counter?member=1", client);
    expect((await read("/api/v2/counter?member=1", client)).hit).toBe(false);
  });

  it("never stores a guest page whose reads happened before a write that was acknowledged first", async () => {
    stored = 0;
    const guest = testApp.guest();
    // Waits for the read itself, not a fixed time: on a loaded machine 20 ms was not always enough.
    let waiting = slowReadWaiting();
    const slow = guest.get<{ value: number }>("/api/v2/slow-read");
    await waiting;
    const write = await testApp.guest().post<{ value: number }>("/api/v2/stored-write", {});
    expect(write.body.value).toBe(1);
    releaseSlowRead();
    expect((await slow).body.value).toBe(0);
    waiting = slowReadWaiting();
    const next = testApp.guest().get<{ value: number }>("/api/v2/slow-read");
    await waiting;
    releaseSlowRead();
    const fresh = await next;
    expect(fresh.headers["x-guest-cache"]).toBeUndefined();
    expect(fresh.body.value).toBe(1);
  });

  it("empties itself after any successful write", async () => {
    const before = await read("/api/v2/counter?w=1");
    expect((await read("/api/v2/counter?w=1")).hit).toBe(true);
    expect((await testApp.guest().post("/api/v2/counter-write", {})).status).toBe(200);
    const after = await read("/api/v2/counter?w=1");
    expect(after.hit).toBe(false);
    expect(after.renders).toBeGreaterThan(before.renders);
  });
});

describe("GuestCache.set", () => {
  afterEach(() => jest.restoreAllMocks());

  it("lets go of expired answers when it keeps a new one, not only when its limits are reached", () => {
    let now = 1_000_000;
    jest.spyOn(Date, "now").mockImplementation(() => now);
    const cache = new GuestCache({ seconds: 2, maxEntries: 100, maxBytes: 1_000_000 });
    cache.set("/a|br|", "page a", {});
    cache.set("/b|br|", "page b", {});
    now += 1000;
    cache.set("/c|br|", "page c", {});
    expect(cache.size).toBe(3);
    now += 1500;
    // /a and /b expired 0.5 s ago; /c has 0.5 s left.
    cache.set("/d|br|", "page d", {});
    expect(cache.size).toBe(2);
    expect(cache.get("/a|br|")).toBeUndefined();
    expect(cache.get("/c|br|")?.payload).toBe("page c");
  });
});

describe("GuestCache's kept bytes", () => {
  it("keeps a compressed answer in a block of its own size, not the encoder's 16 KB chunk it came in", () => {
    const page = Buffer.from("<p>A guest's page, compressed once and kept.</p>".repeat(80));
    const compressed = compressBody(page, "br");
    expect(compressed.buffer.byteLength).toBeGreaterThan(compressed.length);
    const cache = new GuestCache({ seconds: 60, maxEntries: 10, maxBytes: 1_000_000 });
    cache.set("/page|br|", compressed, { "content-encoding": "br" });
    const kept = cache.get("/page|br|")?.payload as Buffer;
    expect(kept.equals(compressed)).toBe(true);
    expect(kept.buffer.byteLength).toBe(kept.length);
    expect(zlib.brotliDecompressSync(kept).equals(page)).toBe(true);
  });
});
