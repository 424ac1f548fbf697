import { findMatches, highlightHtml, markedExcerpt } from "./searchExcerpts";

describe("search excerpts", () => {
  it("marks a term at the starts of words, case folded, and escapes the rest", () => {
    expect(highlightHtml("The theme <b>THEMES</b> bathe", ["the"])).toBe(
      "<mark>The</mark> <mark>the</mark>me &lt;b&gt;<mark>THE</mark>MES&lt;/b&gt; bathe",
    );
  });

  it("marks inside words only when the term starts no word", () => {
    expect(findMatches("subtheme", ["theme"])).toEqual([[3, 8]]);
  });

  it("finds accented and unaccented spellings alike and marks the original characters", () => {
    const text = "Un café crème, naïve résumé";
    expect(highlightHtml(text, ["cafe", "resume"])).toBe(
      "Un <mark>café</mark> crème, naïve <mark>résumé</mark>",
    );
    expect(highlightHtml("Ｃafé ünd 東京タワー", ["東京", "und"])).toBe(
      "Ｃafé <mark>ünd</mark> <mark>東京</mark>タワー",
    );
  });

  it("marks a match the window cuts only where it is in the window", () => {
    const text = `${"a ".repeat(100)}notifications ${"b ".repeat(100)}`;
    const { highlight } = markedExcerpt(text, ["notifications"], 40);
    expect(highlight).toContain("<mark>notifications</mark>");
  });

  it("merges overlapping marks", () => {
    expect(findMatches("notifications", ["notif", "notifications"])).toEqual([[0, 13]]);
  });

  it("cuts a window around the first match at spaces, with ellipses where text was left out, and marks it", () => {
    const words = Array.from({ length: 100 }, (_, index) => `word${index}`);
    words[70] = "needle";
    words[71] = "<b>";
    const { excerpt, highlight } = markedExcerpt(words.join(" "), ["needle"], 80);
    expect(excerpt.startsWith("…")).toBe(true);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(excerpt).toContain("needle <b>");
    expect(excerpt.length).toBeLessThanOrEqual(82);
    expect(highlight).toBe(excerpt.replace("needle", "<mark>needle</mark>").replace("<b>", "&lt;b&gt;"));
    expect(markedExcerpt("short  text", ["text"])).toEqual({
      excerpt: "short text",
      highlight: "short <mark>text</mark>",
    });
  });
});
