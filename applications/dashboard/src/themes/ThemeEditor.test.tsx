import type { Theme } from "@forum/api/themes";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ThemesSection } from "./ThemesSection";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const dark: Theme = {
  themeID: "theme-dark",
  type: "themeFile",
  name: "Dark",
  version: "1.0.0",
  current: false,
  active: true,
  revisionID: null,
  assets: {
    variables: {
      type: "json",
      url: "/themes/theme-dark/assets/variables.json",
      "content-type": "application/json",
      data: { "--color-bg": "#161b22", "--color-primary": "#6cb4ff" },
    },
  },
};

function renderAt(path: string) {
  return renderWithStore(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/appearance/style-guides/*" element={<ThemesSection />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("ThemeEditor", () => {
  it("starts a new theme from its template, shows edits in the live preview and saves them", async () => {
    api = mockApi((request) => {
      if (request.method === "GET") return { data: dark };
      if (request.method === "POST") return { status: 201, data: { ...dark, themeID: 5, type: "themeDB" } };
      return { data: [] };
    });
    renderAt("/dashboard/appearance/style-guides/new?parentTheme=theme-dark");
    const name = await screen.findByRole("textbox", { name: /Theme name/ });
    await userEvent.type(name, "Night");
    const preview = screen.getByRole("region", { name: "Live preview" });
    expect(preview.style.getPropertyValue("--color-bg")).toBe("#161b22");

    const colors = screen.getByRole("group", { name: "Colors" });
    const primary = within(colors).getByRole("textbox", { name: "Primary color" });
    expect(primary).toHaveValue("#6cb4ff");
    fireEvent.change(primary, { target: { value: "#ff8800" } });
    expect(preview.style.getPropertyValue("--color-primary")).toBe("#ff8800");
    const titleBar = screen.getByRole("group", { name: "Title Bar" });
    fireEvent.change(within(titleBar).getByRole("textbox", { name: "Title bar background" }), {
      target: { value: "#000000" },
    });

    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api?.requests.some((request) => request.method === "POST")).toBe(true));
    const post = api.requests.find((request) => request.method === "POST");
    expect(post?.url).toBe("themes");
    expect(post?.data).toMatchObject({
      name: "Night",
      parentTheme: "theme-dark",
      assets: {
        variables: {
          type: "json",
          data: { "--color-bg": "#161b22", "--color-primary": "#ff8800", "--title-bar-bg": "#000000" },
        },
      },
    });
  });

  it("starts empty when the template is not there (a 404 is no assets)", async () => {
    api = mockApi(() => ({ status: 404, data: { message: "Theme not found.", status: 404 } }));
    renderAt("/dashboard/appearance/style-guides/new?parentTheme=theme-gone");
    const colors = await screen.findByRole("group", { name: "Colors" });
    expect(within(colors).getByRole("textbox", { name: "Primary color" })).toHaveValue("");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says why a save was refused, beside the name", async () => {
    api = mockApi((request) => {
      if (request.method === "POST")
        return {
          status: 422,
          data: {
            message: "Validation Failed",
            status: 422,
            errors: [{ field: "name", message: "Name is required.", code: "missing", status: 422 }],
          },
        };
      return { data: [] };
    });
    renderAt("/dashboard/appearance/style-guides/new");
    await userEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("Name is required.")).toBeInTheDocument();
  });
});
