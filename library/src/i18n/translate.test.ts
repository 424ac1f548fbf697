import { formatText, isTranslationsLoaded, loadTranslations, resetTranslations, t } from "./translate";

describe("t()", () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    resetTranslations();
    warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    loadTranslations({});
  });

  it("warns once and returns the fallback before translations load", () => {
    expect(isTranslationsLoaded()).toBe(false);
    expect(t("Next Page", "Suivant")).toBe("Suivant");
    expect(t("Previous Page")).toBe("Previous Page");
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("looks keys up in the loaded map, falling back to the fallback then the key", () => {
    loadTranslations({ "Next Page": "Page suivante" }, "fr");
    expect(t("Next Page")).toBe("Page suivante");
    expect(t("Go", "Aller")).toBe("Aller");
    expect(t("Go")).toBe("Go");
    expect(warn).not.toHaveBeenCalled();
  });

  it("fills placeholders", () => {
    expect(formatText('There was a problem loading "{component}"', { component: "Foo" })).toBe(
      'There was a problem loading "Foo"',
    );
    expect(formatText("{a} of {b}", { a: 1 })).toBe("1 of {b}");
  });
});
