import type { GrantSnapshot } from "../permissions/roleGrants";
import { SharedCache } from "./sharedCache";

function snapshot(): GrantSnapshot {
  return { byRole: new Map(), junctions: new Map(), junctionAliases: new Map() } as GrantSnapshot;
}

describe("SharedCache.getOrMake", () => {
  let now: number;
  let made: number;
  let generation: number;
  const grants = snapshot();

  beforeEach(() => {
    now = 1_000_000;
    made = 0;
    generation = 1;
    jest.spyOn(Date, "now").mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  const make = () => {
    made += 1;
    return Promise.resolve({ value: `answer ${made}`, bytes: 10 });
  };
  const ask = (cache: SharedCache<string>, staleSeconds?: number, maker = make) =>
    cache.getOrMake(
      "key",
      {
        seconds: 2,
        ...(staleSeconds === undefined ? {} : { staleSeconds }),
        generation: () => generation,
        grants,
      },
      maker,
    );
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it("answers from the kept value until it expires, then makes a new one", async () => {
    const cache = new SharedCache<string>({ maxEntries: 10, maxBytes: 1000 });
    expect(await ask(cache)).toBe("answer 1");
    now += 1500;
    expect(await ask(cache)).toBe("answer 1");
    now += 1000;
    expect(await ask(cache)).toBe("answer 2");
  });

  it("with staleSeconds, answers an expired value at once while one new value is made behind it", async () => {
    const cache = new SharedCache<string>({ maxEntries: 10, maxBytes: 1000 });
    expect(await ask(cache, 2)).toBe("answer 1");
    now += 3000;
    let finish: () => void = () => undefined;
    const slow = () =>
      new Promise<{ value: string; bytes: number }>((resolve) => {
        made += 1;
        finish = () => resolve({ value: `answer ${made}`, bytes: 10 });
      });
    expect(await ask(cache, 2, slow)).toBe("answer 1");
    expect(await ask(cache, 2, slow)).toBe("answer 1");
    expect(made).toBe(2);
    finish();
    await settle();
    expect(await ask(cache, 2)).toBe("answer 2");
    expect(made).toBe(2);
  });

  it("waits for a new value when the kept one is older than staleSeconds allows", async () => {
    const cache = new SharedCache<string>({ maxEntries: 10, maxBytes: 1000 });
    await ask(cache, 2);
    now += 4500;
    expect(await ask(cache, 2)).toBe("answer 2");
  });

  it("never answers a value made before a write of this process, stale or not", async () => {
    const cache = new SharedCache<string>({ maxEntries: 10, maxBytes: 1000 });
    await ask(cache, 2);
    generation += 1;
    expect(await ask(cache, 2)).toBe("answer 2");
    now += 3000;
    generation += 1;
    expect(await ask(cache, 2)).toBe("answer 3");
  });

  it("drops the stale value when making its replacement fails", async () => {
    const cache = new SharedCache<string>({ maxEntries: 10, maxBytes: 1000 });
    await ask(cache, 2);
    now += 3000;
    const failing = () => Promise.reject(new Error("database gone"));
    expect(await ask(cache, 2, failing)).toBe("answer 1");
    await settle();
    expect(await ask(cache, 2)).toBe("answer 2");
  });

  it("lets go of entries past their time when it keeps a new one, but keeps what may still be answered stale", async () => {
    const cache = new SharedCache<string>({ maxEntries: 10, maxBytes: 1000 });
    const keep = (key: string, staleSeconds?: number) =>
      cache.getOrMake(
        key,
        {
          seconds: 2,
          ...(staleSeconds === undefined ? {} : { staleSeconds }),
          generation: () => generation,
          grants,
        },
        make,
      );
    await keep("first");
    await keep("stale-able", 10);
    expect(cache.size).toBe(2);
    now += 3000;
    await keep("later");
    // "first" expired and could not be answered any more; "stale-able" could, for 7 s more.
    expect(cache.size).toBe(2);
    // Answered stale, and made again behind the answer: kept 2 s more, and 10 s stale after that.
    expect(await keep("stale-able", 10)).toBe("answer 2");
    await settle();
    now += 13_000;
    await keep("latest");
    expect(cache.size).toBe(1);
  });

  describe("keeping only what is asked again (askedAgain)", () => {
    const askFor = (cache: SharedCache<string>, key: string) =>
      cache.getOrMake(key, { seconds: 2, generation: () => generation, grants }, make);
    const admittingAskedAgain = (maxEntries = 10) =>
      new SharedCache<string>({ maxEntries, maxBytes: 1000 }, undefined, "askedAgain");
    /** Asks for `key` `times` times, `everyMs` apart. */
    const askEvery = async (cache: SharedCache<string>, key: string, times: number, everyMs: number) => {
      for (let index = 0; index < times; index += 1) {
        await askFor(cache, key);
        now += everyMs;
      }
    };

    it("makes a key asked once without keeping it; asked again within its time, keeps the new value", async () => {
      const cache = admittingAskedAgain();
      expect(await askFor(cache, "page")).toBe("answer 1");
      expect(cache.size).toBe(0);
      now += 1500;
      expect(await askFor(cache, "page")).toBe("answer 2");
      expect(cache.size).toBe(1);
      now += 1500;
      expect(await askFor(cache, "page")).toBe("answer 2");
      expect(made).toBe(2);
    });

    it("tells the maker whether its value will be kept", async () => {
      const cache = admittingAskedAgain();
      const told: boolean[] = [];
      const telling = (kept: boolean) => {
        told.push(kept);
        return make();
      };
      const terms = { seconds: 2, generation: () => generation, grants };
      await cache.getOrMake("page", terms, telling);
      now += 1000;
      await cache.getOrMake("page", terms, telling);
      now += 1500;
      await cache.getOrMake("page", terms, telling); // kept: nothing made
      now += 1000;
      await cache.getOrMake("page", terms, telling); // expired, asked within its time: made to be kept
      now += 3000;
      await cache.getOrMake("page", terms, telling); // expired, not asked since: made for this ask alone
      expect(told).toEqual([false, true, true, false]);
    });

    it("keeps nothing for a key asked less often than its entry would live", async () => {
      const cache = admittingAskedAgain();
      await askEvery(cache, "page", 4, 2500);
      expect(made).toBe(4);
      expect(cache.size).toBe(0);
    });

    it("goes on answering a busy key from its kept value, remade when it expires", async () => {
      const cache = admittingAskedAgain();
      await askEvery(cache, "busy", 12, 500);
      // Made on the first ask (not kept), the second (kept 2 s), then once each time the kept value expired.
      expect(made).toBe(4);
      expect(cache.size).toBe(1);
    });

    it("remembers the asks of at most four keys per entry it may keep", async () => {
      const cache = admittingAskedAgain(2);
      await askFor(cache, "first");
      for (let index = 0; index < 8; index += 1) await askFor(cache, `other ${index}`);
      await askFor(cache, "first");
      expect(cache.size).toBe(0);
      await askFor(cache, "first");
      expect(cache.size).toBe(1);
    });

    it("keeps the first value made with the default admission", async () => {
      const cache = new SharedCache<string>({ maxEntries: 10, maxBytes: 1000 });
      await askFor(cache, "page");
      expect(cache.size).toBe(1);
    });
  });
});
