import { CacheLayer } from "./cacheLayer";
import { KeptRead } from "./keptRead";
import { recordNames } from "./recordNames";

describe("a kept read", () => {
  it("reads once, reads again after a write it depends on, and does not keep a failed read", async () => {
    const layer = new CacheLayer();
    let reads = 0;
    let fail = false;
    const kept = new KeptRead(layer, { name: "themes", dependsOn: [recordNames.themes] }, async () => {
      reads += 1;
      if (fail) throw new Error("database away");
      return reads;
    });
    expect(kept.holds).toBe(false);
    expect(await kept.get()).toBe(1);
    expect(await kept.get()).toBe(1);
    expect(kept.holds).toBe(true);
    await layer.publish([recordNames.member(3)]);
    expect(await kept.get()).toBe(1);
    await layer.publish([recordNames.themes]);
    fail = true;
    await expect(kept.get()).rejects.toThrow("database away");
    expect(kept.holds).toBe(false);
    fail = false;
    expect(await kept.get()).toBe(3);
  });
});
