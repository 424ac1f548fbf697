import { discussionUrl, slugOf } from "./urls";

describe("discussion slugs", () => {
  it("are lower-case words joined by dashes, accents dropped, other scripts kept and escaped", () => {
    expect(slugOf("Help: embedded comments stopped working!")).toBe("help-embedded-comments-stopped-working");
    expect(slugOf("Crème brûlée — à la carte")).toBe("creme-brulee-a-la-carte");
    expect(slugOf("日本語 タイトル")).toBe(encodeURIComponent("日本語-タイトル"));
    expect(slugOf("?!…")).toBe("discussion");
    expect(slugOf(`${"word ".repeat(30)}end`)).toHaveLength(79);
    expect(discussionUrl(12, "Hello, World")).toBe("/discussion/12/hello-world");
  });

  it("come out the same when asked again, also after the kept slugs started over", () => {
    const names = Array.from({ length: 5000 }, (_, index) => `Title number ${index} É`);
    const first = names.map(slugOf);
    expect(first[4999]).toBe("title-number-4999-e");
    expect(names.map(slugOf)).toEqual(first);
    expect(slugOf("Crème brûlée — à la carte")).toBe("creme-brulee-a-la-carte");
  });
});
