import { CacheLayer } from "./cacheLayer";
import { KeptRecords } from "./keptRecords";

/** Users 1–9 exist and are called "user N"; every read is logged with the ids it was asked. */
function setUp(options: { maxEntries?: number; seconds?: number } = {}) {
  const layer = new CacheLayer();
  const kept = new KeptRecords<{ name: string }>(layer, {
    name: "test users",
    dependsOn: ["user:*"],
    maxEntries: options.maxEntries ?? 100,
    seconds: options.seconds ?? 60,
  });
  const reads: number[][] = [];
  const read = async (ids: number[]) => {
    reads.push(ids);
    return new Map(ids.filter((id) => id < 10).map((id) => [id, { name: `user ${id}` }]));
  };
  return { layer, kept, reads, read };
}

describe("KeptRecords", () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it("reads each record once and answers it from memory after that, absent ones included", async () => {
    const { kept, reads, read } = setUp();
    const first = await kept.getMany([1, 2, 42], read);
    expect([...first]).toEqual([
      [1, { name: "user 1" }],
      [2, { name: "user 2" }],
    ]);
    const second = await kept.getMany([2, 3, 42, 1], read);
    expect([...second.keys()].sort()).toEqual([1, 2, 3]);
    expect(second.get(3)).toEqual({ name: "user 3" });
    // Only user 3 was new; 42 is known not to exist.
    expect(reads).toEqual([[1, 2, 42], [3]]);
    await kept.getMany([1, 2, 3, 42], read);
    expect(reads).toHaveLength(2);
  });

  it("reads again after a write that names what it depends on, in this process or another", async () => {
    const { layer, kept, reads, read } = setUp();
    await kept.getMany([1, 2], read);
    layer.retire(["member:1", "discussion:7"]);
    await kept.getMany([1, 2], read);
    expect(reads).toHaveLength(1);
    layer.retire(["user:2"]);
    await kept.getMany([1, 2], read);
    expect(reads).toEqual([
      [1, 2],
      [1, 2],
    ]);
    // A write that named nothing (anything public may have changed), and another process's write.
    layer.retire(["content"]);
    await kept.getMany([1], read);
    layer.received(["user:9"]);
    await kept.getMany([1], read);
    expect(reads).toHaveLength(4);
    expect(kept.size).toBe(1);
  });

  it("keeps nothing of a read that a write overlapped", async () => {
    const { layer, kept, reads } = setUp();
    await kept.getMany([1], async (ids) => {
      reads.push(ids);
      // What this read saw may predate the write that retires the records now.
      layer.retire(["user:1"]);
      return new Map([[1, { name: "before the write" }]]);
    });
    expect(kept.size).toBe(0);
    const after = await kept.getMany([1], async (ids) => {
      reads.push(ids);
      return new Map([[1, { name: "after the write" }]]);
    });
    expect(after.get(1)).toEqual({ name: "after the write" });
    expect(reads).toEqual([[1], [1]]);
  });

  it("reads a record again once its seconds have run out", async () => {
    jest.useFakeTimers({ now: new Date("2026-12-01T10:00:00Z") });
    const { kept, reads, read } = setUp({ seconds: 60 });
    await kept.getMany([1], read);
    jest.setSystemTime(new Date("2026-12-01T10:00:59Z"));
    await kept.getMany([1], read);
    expect(reads).toHaveLength(1);
    jest.setSystemTime(new Date("2026-12-01T10:01:01Z"));
    await kept.getMany([1], read);
    expect(reads).toHaveLength(2);
  });

  it("lets the longest kept records go first past its size", async () => {
    const { kept, reads, read } = setUp({ maxEntries: 3 });
    await kept.getMany([1, 2, 3], read);
    await kept.getMany([4], read);
    expect(kept.size).toBe(3);
    await kept.getMany([2, 3, 4], read);
    expect(reads).toHaveLength(2);
    await kept.getMany([1], read);
    expect(reads).toEqual([[1, 2, 3], [4], [1]]);
  });
});
