import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { TranslationServicesSection } from "./TranslationServicesSection";

const SERVICES = [
  {
    type: "glossary",
    name: "Glossary",
    isConfigured: false,
    isDefault: false,
    config: {},
    configSchema: {
      type: "object",
      required: ["glossary"],
      properties: {
        glossary: { type: "string", title: "Glossary", "x-multiline": true },
        isDefault: { type: "boolean" },
      },
    },
  },
  {
    type: "libretranslate",
    name: "LibreTranslate",
    isConfigured: true,
    isDefault: true,
    config: { url: "https://translate.example.com" },
    configSchema: {
      type: "object",
      required: ["url"],
      properties: {
        url: { type: "string", title: "Server URL" },
        apiKey: { type: "string", title: "API key", writeOnly: true },
        isDefault: { type: "boolean" },
      },
    },
  },
];

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("TranslationServicesSection", () => {
  it("shows each service's settings without its secret, keeps the stored key when left empty, and shows field errors", async () => {
    const user = userEvent.setup();
    api = mockApi((request) => {
      if (request.method === "GET") return { data: SERVICES };
      const body = request.data as Record<string, unknown>;
      if (request.url === "translation-services/glossary")
        return {
          status: 422,
          data: {
            status: 422,
            message: "Validation Failed",
            errors: [{ field: "glossary", message: "Expected string length less or equal to 20000" }],
          },
        };
      return { data: { ...SERVICES[1], config: { url: body.url } } };
    });
    renderWithStore(<TranslationServicesSection />);
    const libre = await screen.findByRole("form", { name: /LibreTranslate/ });
    expect(within(libre).getByText("Configured")).toBeInTheDocument();
    expect(within(libre).getByLabelText(/^Server URL/)).toHaveValue("https://translate.example.com");
    expect(within(libre).getByLabelText(/^API key/)).toHaveValue("");
    expect(within(libre).getByText("Leave empty to keep the stored key.")).toBeInTheDocument();
    expect(
      within(libre).getByRole("checkbox", { name: "Use this service to fill translations" }),
    ).toBeChecked();

    await user.clear(within(libre).getByLabelText(/^Server URL/));
    await user.type(within(libre).getByLabelText(/^Server URL/), "http://127.0.0.1:5000");
    await user.click(within(libre).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(api?.requests.find((request) => request.method === "PUT")).toMatchObject({
        url: "translation-services/libretranslate",
        data: { url: "http://127.0.0.1:5000", isDefault: true },
      }),
    );
    // Saved: the list is read again (its statuses may have changed).
    await waitFor(() => expect(api?.requests.filter((request) => request.method === "GET")).toHaveLength(2));

    const glossary = screen.getByRole("form", { name: /Glossary/ });
    expect(within(glossary).getByText("Not configured")).toBeInTheDocument();
    await user.type(within(glossary).getByLabelText(/Glossary/), "fr: Tools = Outils");
    await user.click(within(glossary).getByRole("button", { name: "Save" }));
    expect(
      await within(glossary).findByText("Expected string length less or equal to 20000"),
    ).toBeInTheDocument();
  });
});
