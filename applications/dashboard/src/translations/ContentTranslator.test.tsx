import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, type MockHandler } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ContentTranslator } from "./ContentTranslator";
import type { TranslationProperty } from "./translationProperties";

const LOCALES = [
  { localeKey: "en", displayNames: { en: "English", fr: "Anglais" } },
  { localeKey: "fr", displayNames: { en: "French", fr: "Français" } },
  { localeKey: "de", displayNames: { en: "German", de: "Deutsch" } },
];

const PROPERTIES: TranslationProperty[] = [
  {
    recordType: "category",
    recordID: 4,
    propertyName: "name",
    sourceText: "Gardening",
    propertyType: "text",
    propertyValidation: { maxLength: 255 },
    label: "Name",
  },
  {
    recordType: "category",
    recordID: 4,
    propertyName: "description",
    sourceText: "Seeds and soil.",
    propertyType: "textMultiline",
    propertyValidation: { maxLength: 1000 },
    label: "Description",
  },
];

const STORED_FRENCH = [
  {
    resource: "forum",
    recordType: "category",
    recordID: 4,
    propertyName: "description",
    translationPropertyKey: "category.4.description",
    locale: "fr",
    translation: "Graines et terre.",
    dateUpdated: "2027-01-20T10:00:00+00:00",
  },
];

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function renderTranslator({
  locales = LOCALES,
  options = {},
  services = [],
  properties = PROPERTIES,
  handler = () => ({ status: 200, data: [] }),
}: {
  locales?: typeof LOCALES;
  /** Per locale key: its configuration as `GET /locales/{id}` answers it. */
  options?: Record<string, { translatable?: boolean; translationService?: string | null }>;
  services?: unknown[];
  properties?: TranslationProperty[];
  handler?: MockHandler;
} = {}) {
  const onClose = jest.fn();
  api = mockApi((request) => {
    if (request.method === "GET" && request.url === "locales") return { data: locales };
    const one = locales.find((candidate) => request.url === `locales/${candidate.localeKey}`);
    if (request.method === "GET" && one)
      return { data: { ...one, translatable: true, translationService: null, ...options[one.localeKey] } };
    if (request.method === "GET" && request.url === "translation-services") return { data: services };
    if (request.method === "GET" && request.url === "translations/forum") {
      const { locale } = request.params as { locale: string };
      return { data: locale === "fr" ? STORED_FRENCH : [] };
    }
    return handler(request);
  });
  renderWithStore(<ContentTranslator title="Gardening" properties={properties} onClose={onClose} />);
  return { calls: api, onClose };
}

describe("ContentTranslator", () => {
  it("shows source and translation side by side in a locale other than the source, with 'Not translated' where none is stored", async () => {
    const { calls } = renderTranslator();
    const dialog = await screen.findByRole("dialog", { name: "Translate Gardening" });
    const language = await within(dialog).findByRole("combobox", { name: "Language" });
    expect(
      within(language)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["French", "German"]);
    const description = await within(dialog).findByRole("textbox", { name: "Description in French" });
    expect(description).toHaveValue("Graines et terre.");
    const name = within(dialog).getByRole("textbox", { name: "Name in French" });
    expect(name).toHaveValue("");
    expect(name).toHaveAttribute("maxLength", "255");
    expect(within(dialog).getByRole("row", { name: /Name Gardening/ })).toHaveTextContent("Not translated");
    expect(within(dialog).getByRole("row", { name: /Description Seeds and soil/ })).not.toHaveTextContent(
      "Not translated",
    );
    expect(calls.requests.find((request) => request.url === "translations/forum")?.params).toEqual(
      expect.objectContaining({ locale: "fr", recordType: "category", recordIDs: "4" }),
    );
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("saves non-empty texts, removes a cleared translation, and clears the form once saved", async () => {
    const user = userEvent.setup();
    const { calls } = renderTranslator({
      handler: (request) =>
        request.url === "translations/forum"
          ? {
              data: [
                {
                  ...STORED_FRENCH[0],
                  propertyName: "name",
                  translationPropertyKey: "category.4.name",
                  translation: "Jardinage",
                },
              ],
            }
          : { status: 200 },
    });
    const name = await screen.findByRole("textbox", { name: "Name in French" });
    await user.type(name, "  Jardinage ");
    await user.clear(await screen.findByRole("textbox", { name: "Description in French" }));
    expect(screen.getByText("You have unsaved changes")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(
        calls.requests.filter((request) => request.method === "PATCH").map((request) => request.url),
      ).toEqual(["translations/forum", "translations/forum/remove"]),
    );
    const [patch, remove] = calls.requests.filter((request) => request.method === "PATCH");
    expect(patch?.data).toEqual([
      expect.objectContaining({
        recordType: "category",
        recordID: 4,
        propertyName: "name",
        locale: "fr",
        translation: "Jardinage",
        translationPropertyKey: "category.4.name",
      }),
    ]);
    expect(remove?.data).toEqual([
      expect.objectContaining({ recordID: 4, propertyName: "description", locale: "fr" }),
    ]);
    await waitFor(() => expect(screen.queryByText("You have unsaved changes")).not.toBeInTheDocument());
    expect(screen.getByRole("textbox", { name: "Name in French" })).toHaveValue("Jardinage");
    expect(screen.getByRole("textbox", { name: "Description in French" })).toHaveValue("");
    expect(screen.getByRole("row", { name: /Description/ })).toHaveTextContent("Not translated");
  });

  it("asks before switching locale or closing with unsaved edits", async () => {
    const user = userEvent.setup();
    const { onClose } = renderTranslator();
    await user.type(await screen.findByRole("textbox", { name: "Name in French" }), "Jardinage");
    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "de");
    const question = await screen.findByRole("dialog", { name: "Unsaved Changes" });
    expect(question).toHaveTextContent(/^.*You have unsaved changes and your work will be lost/);
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("combobox", { name: "Language" })).toHaveValue("fr");
    expect(screen.getByRole("textbox", { name: "Name in French" })).toHaveValue("Jardinage");

    await user.selectOptions(screen.getByRole("combobox", { name: "Language" }), "de");
    await user.click(
      within(await screen.findByRole("dialog", { name: "Unsaved Changes" })).getByRole("button", {
        name: "Continue",
      }),
    );
    expect(await screen.findByRole("textbox", { name: "Name in German" })).toHaveValue("");

    await user.type(screen.getByRole("textbox", { name: "Name in German" }), "Gartenarbeit");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(
      within(await screen.findByRole("dialog", { name: "Unsaved Changes" })).getByRole("button", {
        name: "Continue",
      }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("closes at once without edits", async () => {
    const user = userEvent.setup();
    const { onClose } = renderTranslator();
    await screen.findByRole("textbox", { name: "Name in French" });
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("needs a second locale", async () => {
    const [english] = LOCALES;
    if (!english) throw new Error("fixture");
    renderTranslator({ locales: [english] });
    expect(
      await screen.findByText("Translating content needs a second language: enable a locale add-on."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });

  it("refuses properties of more than one record type", async () => {
    const first = PROPERTIES[0];
    if (!first) throw new Error("fixture");
    renderTranslator({
      properties: [first, { ...first, recordType: "navigation", recordKey: "help", recordID: undefined }],
    });
    expect(
      await screen.findByText("The translator takes the texts of one kind of record at a time."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("fills the empty fields from the default translation service, for a person to check and save", async () => {
    const user = userEvent.setup();
    const { calls } = renderTranslator({
      services: [
        {
          type: "glossary",
          name: "Glossary",
          isConfigured: true,
          isDefault: true,
          configSchema: {},
          config: {},
        },
      ],
      handler: (request) =>
        request.url === "translation-services/glossary/translate"
          ? { data: { translations: ["Jardinage"] } }
          : { status: 200, data: [] },
    });
    await user.click(await screen.findByRole("button", { name: "Fill empty fields with Glossary" }));
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Name in French" })).toHaveValue("Jardinage"),
    );
    expect(
      calls.requests.find((request) => request.url === "translation-services/glossary/translate")?.data,
    ).toEqual({
      texts: ["Gardening"],
      locale: "fr",
    });
    expect(screen.getByText("You have unsaved changes")).toBeInTheDocument();
  });

  it("leaves out languages not translated to, and uses a language's own service before the default", async () => {
    const user = userEvent.setup();
    const { calls } = renderTranslator({
      options: { fr: { translatable: false }, de: { translationService: "libretranslate" } },
      services: [
        {
          type: "glossary",
          name: "Glossary",
          isConfigured: true,
          isDefault: true,
          configSchema: {},
          config: {},
        },
        {
          type: "libretranslate",
          name: "LibreTranslate",
          isConfigured: true,
          isDefault: false,
          configSchema: {},
          config: {},
        },
      ],
      handler: (request) =>
        request.url === "translation-services/libretranslate/translate"
          ? { data: { translations: ["Gartenarbeit"] } }
          : { status: 200, data: [] },
    });
    const language = await screen.findByRole("combobox", { name: "Language" });
    expect(
      within(language)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["German"]);
    await user.click(await screen.findByRole("button", { name: "Fill empty fields with LibreTranslate" }));
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Name in German" })).toHaveValue("Gartenarbeit"),
    );
    expect(calls.requests.some((request) => request.url === "translation-services/glossary/translate")).toBe(
      false,
    );
  });

  it("says when there is nothing to translate", async () => {
    renderTranslator({ properties: [] });
    expect(await screen.findByText("There is nothing to translate here.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });
});
