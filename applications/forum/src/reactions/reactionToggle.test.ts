import { toggleReaction } from "./reactionToggle";
import { summary } from "./reactionsTestFixtures";

const counts = (items: ReturnType<typeof summary>) =>
  Object.fromEntries(items.filter((item) => item.count > 0).map((item) => [item.urlcode, item.count]));

describe("toggleReaction (SPEC 4)", () => {
  it("adds a first reaction and raises the score by its value", () => {
    const result = toggleReaction(summary({ Like: 2 }), "Like");
    expect(counts(result.reactions)).toEqual({ Like: 3 });
    expect(result.reactions.find((item) => item.urlcode === "Like")?.hasReacted).toBe(true);
    expect(result.scoreDelta).toBe(1);
  });

  it("replaces an earlier reaction: removes it and adds the new one, the score changing by both values", () => {
    const result = toggleReaction(summary({ Like: 2, Down: 1 }, "Like"), "Down");
    expect(counts(result.reactions)).toEqual({ Like: 1, Down: 2 });
    expect(result.reactions.filter((item) => item.hasReacted).map((item) => item.urlcode)).toEqual(["Down"]);
    expect(result.scoreDelta).toBe(-2);
  });

  it("removes the reaction when the user already reacted with it", () => {
    const result = toggleReaction(summary({ Promote: 1 }, "Promote"), "Promote");
    expect(counts(result.reactions)).toEqual({});
    expect(result.reactions.some((item) => item.hasReacted)).toBe(false);
    expect(result.scoreDelta).toBe(-5);
  });

  it("ignores an unknown type", () => {
    expect(toggleReaction(summary({ Like: 1 }), "Nope").scoreDelta).toBe(0);
  });
});
