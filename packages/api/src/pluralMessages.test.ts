import { pluralCategory, pluralForm } from "./pluralMessages";

describe("plural categories", () => {
  it("gives each language's category, the same when asked again", () => {
    for (let round = 0; round < 2; round += 1) {
      expect(pluralCategory("en", 1)).toBe("one");
      expect(pluralCategory("en", 2)).toBe("other");
      expect(pluralCategory("fr", 0)).toBe("one");
      expect(pluralCategory("ar", 3)).toBe("few");
      expect(pluralCategory("ar", 11)).toBe("many");
      expect(pluralCategory("pt_BR", 1)).toBe("one");
    }
  });

  it("answers counts that are not small whole numbers by the language's rules", () => {
    expect(pluralCategory("en", 1.5)).toBe("other");
    expect(pluralCategory("ar", 1003)).toBe("few");
    expect(pluralCategory("en", 1_000_001)).toBe("other");
  });

  it("falls back to English rules for a language tag it cannot read", () => {
    expect(pluralCategory("not a tag!", 1)).toBe("one");
  });

  it("picks a message's form by exact count, then category", () => {
    const text = "{count, plural, =0 {no comments} one {# comment} other {# comments}}";
    expect(pluralForm(text, 0, "en")).toBe("no comments");
    expect(pluralForm(text, 1, "en")).toBe("1 comment");
    expect(pluralForm(text, 1200, "en", "1,200")).toBe("1,200 comments");
  });
});
