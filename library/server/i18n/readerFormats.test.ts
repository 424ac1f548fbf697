import { parsePluralMessage } from "@forum/api/pluralMessages";
import { formatNumberIn, fullDateIn, pluralText, shortDateIn } from "./readerFormats";
import { registerTranslations, translatorFor } from "./translate";

const COMMENTS = "{count, plural, one {# comment} other {# comments}}";

describe("plural messages", () => {
  it("read the ICU plural form: selectors with their text, `other` required", () => {
    expect(parsePluralMessage("{count, plural, =0 {none} one {# {name}} other {# {name}s}}")).toEqual({
      variable: "count",
      forms: new Map([
        ["=0", "none"],
        ["one", "# {name}"],
        ["other", "# {name}s"],
      ]),
    });
    expect(parsePluralMessage("{count} comments")).toBeNull();
    expect(parsePluralMessage("{count, plural, one {# comment}}")).toBeNull();
    expect(parsePluralMessage("{count, plural, one {# comment other {#}}")).toBeNull();
  });

  it("pick each language's form with its plural rules", () => {
    registerTranslations("fr", { [COMMENTS]: "{count, plural, one {# commentaire} other {# commentaires}}" });
    registerTranslations("ja", { [COMMENTS]: "{count, plural, other {#件のコメント}}" });
    registerTranslations("ar", {
      [COMMENTS]:
        "{count, plural, zero {لا تعليقات} one {تعليق واحد} two {تعليقان} few {# تعليقات} many {# تعليقًا} other {# تعليق}}",
    });
    const inLanguage = (locale: string, count: number) => {
      const t = translatorFor(locale);
      return pluralText(t(COMMENTS), count, t);
    };
    expect([0, 1, 2, 1234].map((count) => inLanguage("en", count))).toEqual([
      "0 comments",
      "1 comment",
      "2 comments",
      "1,234 comments",
    ]);
    // French: 0 and 1 are both "one"; its thousands separator is a narrow no-break space.
    expect([0, 1, 2, 1234].map((count) => inLanguage("fr", count))).toEqual([
      "0 commentaire",
      "1 commentaire",
      "2 commentaires",
      "1\u202f234 commentaires",
    ]);
    expect([0, 1, 7].map((count) => inLanguage("ja", count))).toEqual([
      "0件のコメント",
      "1件のコメント",
      "7件のコメント",
    ]);
    // Arabic: all six categories (its CLDR digits are the Latin ones).
    expect([0, 1, 2, 3, 11, 100].map((count) => inLanguage("ar", count))).toEqual([
      "لا تعليقات",
      "تعليق واحد",
      "تعليقان",
      "3 تعليقات",
      "11 تعليقًا",
      "100 تعليق",
    ]);
  });

  it("prefer an exact =N form and keep other placeholders", () => {
    const t = translatorFor("en");
    const text =
      "{count, plural, =0 {No one but {name}} one {{name} and # other} other {{name} and # others}}";
    expect(pluralText(text, 0, t, { name: "Ada" })).toBe("No one but Ada");
    expect(pluralText(text, 1, t, { name: "Ada" })).toBe("Ada and 1 other");
    expect(pluralText(text, 5, t, { name: "Ada" })).toBe("Ada and 5 others");
  });
});

describe("server dates and numbers in the reader's language", () => {
  const date = new Date("2026-11-28T13:09:00Z");

  it("write the short and full date with Intl, in UTC", () => {
    expect(shortDateIn("en", date)).toBe("Nov 28, 2026");
    expect(shortDateIn("fr", date)).toBe("28 nov. 2026");
    expect(shortDateIn("de", date)).toBe("28. Nov. 2026");
    expect(shortDateIn("ja", date)).toBe("2026年11月28日");
    expect(fullDateIn("fr", date)).toBe("28 novembre 2026 à 13:09");
    expect(fullDateIn("es", date)).toBe("28 de noviembre de 2026 a las 13:09");
  });

  it("write numbers with the language's digits and separators", () => {
    expect(formatNumberIn("en", 1234567)).toBe("1,234,567");
    expect(formatNumberIn("de", 1234567)).toBe("1.234.567");
    expect(formatNumberIn("fr", 1234567)).toBe("1\u202f234\u202f567");
  });

  it("write the site's own language's numbers as English does, the small whole ones included", () => {
    for (const value of [0, 7, 42, 999, 1000, 1234, 1234567, -0, -3, 0.5, 12.25, -1500.75])
      expect(formatNumberIn(undefined, value)).toBe(value.toLocaleString("en-US"));
  });
});
