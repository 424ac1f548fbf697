import { diffWords, htmlText } from "./textDiff";

describe("diffWords", () => {
  it("marks the words removed and added between two texts, keeping the rest", () => {
    expect(diffWords("the quick brown fox", "the slow brown fox jumps")).toEqual([
      { kind: "same", text: "the " },
      { kind: "removed", text: "quick" },
      { kind: "added", text: "slow" },
      { kind: "same", text: " brown fox" },
      { kind: "added", text: " jumps" },
    ]);
  });

  it("reports no change for equal texts and everything added from nothing", () => {
    expect(diffWords("same text", "same text")).toEqual([{ kind: "same", text: "same text" }]);
    expect(diffWords("", "new")).toEqual([{ kind: "added", text: "new" }]);
  });
});

describe("htmlText", () => {
  it("reads post HTML as text with one line per block", () => {
    expect(htmlText("<p>First <b>line</b></p><p>Second</p>")).toBe("First line\nSecond");
  });
});
