import { loadTranslations, resetTranslations } from "@library/src/i18n/translate";
import { abbreviateNumber, formatFullNumber } from "./numbers";
import { fullDate, relativePhrase } from "./relativeTime";

const now = new Date("2025-03-14T12:00:00Z");
const HOUR = 60 * 60 * 1000;

describe("dates and numbers in the reader's language", () => {
  afterEach(() => resetTranslations());

  it("keeps the product's English formats", () => {
    loadTranslations({}, "en");
    expect(formatFullNumber(1234567)).toBe("1,234,567");
    expect(abbreviateNumber(1540)).toBe("1.5k");
    expect(relativePhrase(new Date(now.getTime() - 3 * HOUR), now)).toBe("3 hours ago");
    expect(fullDate("2025-03-14T09:26:00")).toBe("March 14, 2025, 9:26 AM");
  });

  it("writes French dates and numbers", () => {
    loadTranslations(
      { "just now": "à l'instant", "{time} ago": "il y a {time}", "a few seconds": "quelques secondes" },
      "fr",
    );
    expect(formatFullNumber(1234567)).toBe(new Intl.NumberFormat("fr").format(1234567));
    expect(formatFullNumber(1234567)).toMatch(/^1\s234\s567$/u);
    expect(abbreviateNumber(1540)).toMatch(/^1,5\sk$/u);
    expect(relativePhrase(new Date(now.getTime() - 3 * HOUR), now)).toBe("il y a 3 heures");
    expect(relativePhrase(new Date(now.getTime() - 24 * HOUR), now)).toBe("il y a 1 jour");
    expect(relativePhrase(new Date(now.getTime() + 2 * HOUR), now)).toBe("dans 2 heures");
    expect(relativePhrase(new Date(now.getTime() - 10_000), now)).toBe("il y a quelques secondes");
    expect(relativePhrase(now, now)).toBe("à l'instant");
    expect(fullDate("2025-03-14T09:26:00")).toBe("14 mars 2025 à 09:26");
  });

  it("writes German, Japanese and Arabic with their own grammar and digits", () => {
    loadTranslations({}, "de");
    expect(formatFullNumber(1234567)).toBe("1.234.567");
    expect(relativePhrase(new Date(now.getTime() - 5 * 24 * HOUR), now)).toBe("vor 5 Tagen");
    loadTranslations({}, "ja");
    expect(relativePhrase(new Date(now.getTime() - 3 * HOUR), now)).toBe("3 時間前");
    expect(fullDate("2025-03-14T09:26:00")).toBe("2025年3月14日 9:26");
    loadTranslations({}, "ar");
    expect(relativePhrase(new Date(now.getTime() - 3 * HOUR), now)).toBe(
      new Intl.RelativeTimeFormat("ar").format(-3, "hour"),
    );
    expect(relativePhrase(new Date(now.getTime() - 3 * HOUR), now)).toMatch(/^قبل/u);
  });
});
