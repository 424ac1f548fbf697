import { BoundedMap } from "./boundedMap";
import { MemoryBudget } from "./memoryBudget";

const NOW = 1_000_000;
const later = NOW + 60_000;

function filled(map: BoundedMap<string>, keys: string[], bytes = 10): void {
  for (const key of keys) map.set(key, `value of ${key}`, { keepUntil: later, bytes }, NOW);
}

describe("BoundedMap", () => {
  it("keeps at most maxEntries, dropping the least recently used first", () => {
    const map = new BoundedMap<string>({ maxEntries: 2, maxBytes: 1000 });
    filled(map, ["a", "b"]);
    expect(map.get("a")).toBe("value of a");
    filled(map, ["c"]);
    expect([map.get("a"), map.get("b"), map.get("c")]).toEqual(["value of a", undefined, "value of c"]);
    expect(map.size).toBe(2);
  });

  it("keeps at most maxBytes and refuses one entry over a tenth of them", () => {
    const map = new BoundedMap<string>({ maxEntries: 100, maxBytes: 100 });
    filled(map, ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]);
    expect(map.bytes).toBe(100);
    expect(map.get("a")).toBeUndefined();
    expect(map.set("big", "too large", { keepUntil: later, bytes: 11 }, NOW)).toBe(false);
    expect(map.get("big")).toBeUndefined();
  });

  it("lets go of entries past their time when it keeps another, though the limits had room", () => {
    const map = new BoundedMap<string>({ maxEntries: 100, maxBytes: 1000 });
    map.set("old", "expired", { keepUntil: NOW + 1000, bytes: 10 }, NOW);
    map.set("kept", "fresh", { keepUntil: later, bytes: 10 }, NOW);
    map.set("new", "fresh too", { keepUntil: later, bytes: 10 }, NOW + 2000);
    expect([map.size, map.bytes, map.get("old")]).toEqual([2, 20, undefined]);
  });

  it("drops every entry past its time on request, wherever it is in the order, and keeps the others", () => {
    const map = new BoundedMap<string>({ maxEntries: 100, maxBytes: 1000 });
    map.set("fresh first", "fresh", { keepUntil: later, bytes: 10 }, NOW);
    map.set("dead", "expired", { keepUntil: NOW + 1000, bytes: 20 }, NOW);
    map.set("forever", "never expires", { keepUntil: Infinity, bytes: 30 }, NOW);
    // Keeping another entry drops only the dead ones ahead of the first live one: "dead" stays behind it.
    map.set("new", "fresh too", { keepUntil: later, bytes: 10 }, NOW + 2000);
    expect([map.size, map.bytes]).toEqual([4, 70]);
    expect(map.dropExpired(NOW + 2000)).toBe(20);
    expect([map.size, map.bytes, map.get("dead"), map.get("forever")]).toEqual([
      3,
      50,
      undefined,
      "never expires",
    ]);
    expect(map.dropExpired(later + 1)).toBe(20);
    expect([map.size, map.get("forever")]).toEqual([1, "never expires"]);
  });

  it("counts a replaced entry's bytes once", () => {
    const map = new BoundedMap<string>({ maxEntries: 100, maxBytes: 1000 });
    filled(map, ["a", "a", "a"], 30);
    map.delete("missing");
    expect([map.size, map.bytes]).toEqual([1, 30]);
    map.clear();
    expect([map.size, map.bytes, map.dropOldest()]).toEqual([0, 0, 0]);
  });
});

describe("MemoryBudget", () => {
  it("makes room from the largest of its maps when the total passes the budget", () => {
    const budget = new MemoryBudget(100);
    const pages = new BoundedMap<string>({ maxEntries: 100, maxBytes: 1000 }, budget);
    const states = new BoundedMap<string>({ maxEntries: 100, maxBytes: 1000 }, budget);
    filled(pages, ["p1", "p2", "p3", "p4", "p5", "p6"], 10);
    filled(states, ["s1", "s2", "s3"], 10);
    expect(budget.bytes).toBe(90);
    filled(states, ["s4", "s5"], 10);
    // 110 bytes: the pages, the larger map, gave up their least recently used entry.
    expect([budget.bytes, pages.bytes, states.bytes]).toEqual([100, 50, 50]);
    expect([pages.get("p1"), pages.get("p2"), states.get("s1")]).toEqual([
      undefined,
      "value of p2",
      "value of s1",
    ]);
  });

  it("drops what is past its time in all of its maps, and on a timer until stopped", () => {
    jest.useFakeTimers({ now: NOW });
    try {
      const budget = new MemoryBudget(1000);
      const pages = new BoundedMap<string>({ maxEntries: 100, maxBytes: 1000 }, budget);
      const states = new BoundedMap<string>({ maxEntries: 100, maxBytes: 1000 }, budget);
      pages.set("page", "dies in 3 s", { keepUntil: NOW + 3000, bytes: 10 });
      states.set("state", "dies in 8 s", { keepUntil: NOW + 8000, bytes: 10 });
      states.set("count", "lives on", { keepUntil: Infinity, bytes: 10 });
      expect(budget.dropExpired(NOW + 4000)).toBe(10);
      expect([pages.size, states.size]).toEqual([0, 2]);
      const stop = budget.dropExpiredEvery(5000);
      jest.advanceTimersByTime(5000);
      expect(states.get("state")).toBe("dies in 8 s");
      jest.advanceTimersByTime(5000);
      expect([states.get("state"), states.get("count")]).toEqual([undefined, "lives on"]);
      stop();
      states.set("later", "dies in 1 s", { keepUntil: Date.now() + 1000, bytes: 10 });
      jest.advanceTimersByTime(20_000);
      expect(states.size).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it("without a budget, a map keeps to its own limits alone", () => {
    const map = new BoundedMap<string>({ maxEntries: 100, maxBytes: 1000 });
    filled(map, ["a", "b", "c", "d", "e"], 100);
    expect(map.bytes).toBe(500);
  });
});
