import { installBootstrap, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { getLocale, resetTranslations, t } from "@library/src/i18n/translate";
import { loadReaderTranslations } from "./readerTranslations";

describe("loadReaderTranslations", () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    delete document.documentElement.dataset.translations;
    removeBootstrap();
    resetTranslations();
  });

  it("loads the strings the page names for the reader's language", async () => {
    installBootstrap({ locale: "fr" });
    document.documentElement.dataset.translations = "/api/v2/locales/translations/fr?etag=abc";
    const fetchMock = jest.fn().mockResolvedValue({
      ok: true,
      json: () => Promise.resolve({ "Sign In": "Se connecter" }),
    });
    global.fetch = fetchMock;
    await loadReaderTranslations();
    expect(fetchMock).toHaveBeenCalledWith("/api/v2/locales/translations/fr?etag=abc", expect.anything());
    expect(t("Sign In")).toBe("Se connecter");
    expect(getLocale()).toBe("fr");
  });

  it("needs no request in English, and keeps English when the strings cannot be loaded", async () => {
    installBootstrap({ locale: "en" });
    const fetchMock = jest.fn();
    global.fetch = fetchMock;
    await loadReaderTranslations();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(t("Sign In")).toBe("Sign In");

    installBootstrap({ locale: "ja" });
    document.documentElement.dataset.translations = "/api/v2/locales/translations/ja?etag=abc";
    global.fetch = jest.fn().mockResolvedValue({ ok: false, status: 500, statusText: "Error" });
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    await loadReaderTranslations();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    expect(t("Sign In")).toBe("Sign In");
    expect(getLocale()).toBe("ja");
  });
});
