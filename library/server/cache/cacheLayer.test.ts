import { CacheLayer, EVERYTHING } from "./cacheLayer";
import { recordNames } from "./recordNames";

/** A layer with a few caches that count how often each was retired. */
function layerWithCaches() {
  const layer = new CacheLayer();
  const retired = { pages: 0, category: 0, grantsElsewhere: 0 };
  layer.define({ name: "pages", dependsOn: ["public"], retire: () => (retired.pages += 1) });
  layer.define({ name: "category", dependsOn: ["category:*"], retire: () => (retired.category += 1) });
  layer.define({
    name: "grants",
    dependsOn: [recordNames.grants],
    scope: "elsewhere",
    retire: () => (retired.grantsElsewhere += 1),
  });
  return { layer, retired };
}

describe("the cache layer", () => {
  it("reloads a cache read without waiting before this process's write is done publishing, not for others' writes", async () => {
    const layer = new CacheLayer();
    const events: string[] = [];
    layer.define({
      name: "settings",
      dependsOn: [recordNames.settings],
      scope: "elsewhere",
      retire: () => events.push("retired"),
      reload: async () => {
        await Promise.resolve();
        events.push("reloaded");
      },
    });
    await layer.publish([recordNames.discussion(1)]);
    expect(events).toEqual([]);
    await layer.publish([recordNames.settings]);
    expect(events).toEqual(["reloaded"]);
    layer.received([recordNames.settings]);
    expect(events).toEqual(["reloaded", "retired"]);
  });

  it("retires only the caches that depend on what a write named", async () => {
    const { layer, retired } = layerWithCaches();
    await layer.publish([recordNames.discussion(4)]);
    expect(retired).toEqual({ pages: 1, category: 0, grantsElsewhere: 0 });
    await layer.publish([recordNames.category(2)]);
    expect(retired).toEqual({ pages: 2, category: 1, grantsElsewhere: 0 });
  });

  it("retires nothing public for a member's own change, and their state for any change", async () => {
    const { layer, retired } = layerWithCaches();
    const memberVersion = layer.memberVersion;
    await layer.publish([recordNames.member(7)]);
    expect(retired).toEqual({ pages: 0, category: 0, grantsElsewhere: 0 });
    expect(layer.memberVersion).toBe(memberVersion + 1);
  });

  it("takes an unnamed write to change anything public, and retires the elsewhere caches only for others' writes", async () => {
    const { layer, retired } = layerWithCaches();
    await layer.publish([recordNames.content]);
    expect(retired).toEqual({ pages: 1, category: 1, grantsElsewhere: 0 });
    layer.received([recordNames.content]);
    expect(retired).toEqual({ pages: 2, category: 2, grantsElsewhere: 1 });
    layer.received([recordNames.member(3)]);
    expect(retired).toEqual({ pages: 2, category: 2, grantsElsewhere: 1 });
    layer.received([EVERYTHING]);
    expect(retired).toEqual({ pages: 3, category: 3, grantsElsewhere: 2 });
  });
});
