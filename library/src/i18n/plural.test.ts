import { plural } from "./plural";
import { loadTranslations, resetTranslations, t } from "./translate";

const SELECTED = "{count, plural, one {# discussion selected} other {# discussions selected}}";

afterEach(() => resetTranslations());

describe("plural()", () => {
  it("picks the English forms for 1 and for other counts", () => {
    loadTranslations({});
    expect(plural(t(SELECTED), 1)).toBe("1 discussion selected");
    expect(plural(t(SELECTED), 0)).toBe("0 discussions selected");
    expect(plural(t(SELECTED), 1500)).toBe("1,500 discussions selected");
  });

  it("picks the reader's language's forms: French 0 and 1 are one, Japanese has one form, Arabic six", () => {
    loadTranslations(
      { [SELECTED]: "{count, plural, one {# discussion sélectionnée} other {# discussions sélectionnées}}" },
      "fr",
    );
    expect([0, 1, 2].map((count) => plural(t(SELECTED), count))).toEqual([
      "0 discussion sélectionnée",
      "1 discussion sélectionnée",
      "2 discussions sélectionnées",
    ]);
    loadTranslations({ [SELECTED]: "{count, plural, other {#件のディスカッションを選択中}}" }, "ja");
    expect(plural(t(SELECTED), 1)).toBe("1件のディスカッションを選択中");
    loadTranslations(
      {
        [SELECTED]:
          "{count, plural, zero {لم تُحدَّد أي مناقشة} one {تم تحديد مناقشة واحدة} two {تم تحديد مناقشتين} few {تم تحديد # مناقشات} many {تم تحديد # مناقشة} other {تم تحديد # مناقشة}}",
      },
      "ar",
    );
    expect([0, 1, 2, 5, 11].map((count) => plural(t(SELECTED), count))).toEqual([
      "لم تُحدَّد أي مناقشة",
      "تم تحديد مناقشة واحدة",
      "تم تحديد مناقشتين",
      "تم تحديد 5 مناقشات",
      "تم تحديد 11 مناقشة",
    ]);
  });

  it("leaves a plain string's placeholders to the values", () => {
    loadTranslations({});
    expect(plural("{count} new", 3)).toBe("3 new");
  });
});
