import type { Theme } from "@forum/api/themes";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import { ThemesSection } from "./ThemesSection";

jest.mock("@library/src/routing/pageNavigation", () => ({ fullPageNavigate: jest.fn() }));

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  jest.mocked(fullPageNavigate).mockReset();
});

function theme(themeID: string | number, name: string, current: boolean): Theme {
  return {
    themeID,
    type: typeof themeID === "number" ? "themeDB" : "themeFile",
    name,
    version: "1.0.0",
    current,
    active: true,
    revisionID: typeof themeID === "number" ? 10 : null,
  };
}

function renderAt(path: string) {
  return renderWithStore(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/appearance/style-guides/*" element={<ThemesSection />} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

describe("ThemeList", () => {
  it("applies a theme, previews another on the site and explains a refused delete", async () => {
    let themes = [
      theme("theme-light", "Light", true),
      theme("theme-dark", "Dark", false),
      theme(3, "Night", false),
    ];
    api = mockApi((request) => {
      if (request.method === "GET") return { data: themes };
      if (request.method === "PUT" && request.url === "themes/current") {
        themes = themes.map((item) => ({ ...item, current: item.themeID === 3 }));
        return { data: themes[2] };
      }
      if (request.method === "DELETE")
        return { status: 409, data: { message: "The current theme cannot be deleted.", status: 409 } };
      return { data: themes[1] };
    });
    renderAt("/dashboard/appearance/style-guides");
    const cards = await screen.findByRole("list", { name: "Themes" });
    expect(within(cards).getByRole("listitem", { name: "Light" })).toHaveTextContent("Current theme");
    // A theme add-on is copied, not edited.
    const dark = within(cards).getByRole("listitem", { name: "Dark" });
    expect(within(dark).getByRole("link", { name: "Copy" })).toHaveAttribute(
      "href",
      "/dashboard/appearance/style-guides/new?parentTheme=theme-dark",
    );
    expect(within(dark).queryByRole("link", { name: "Edit" })).toBeNull();

    const night = within(cards).getByRole("listitem", { name: "Night" });
    await userEvent.click(within(night).getByRole("button", { name: "Delete" }));
    const confirm = screen.getByRole("dialog", { name: "Delete Theme" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("The current theme cannot be deleted.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    await userEvent.click(within(night).getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("Night is now the site's theme.")).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole("listitem", { name: "Night" })).getByText("Current theme"),
      ).toBeInTheDocument(),
    );

    await userEvent.click(
      within(screen.getByRole("listitem", { name: "Dark" })).getByRole("button", { name: "Preview" }),
    );
    await waitFor(() => expect(fullPageNavigate).toHaveBeenCalledWith("/"));
    expect(api.requests).toContainEqual(
      expect.objectContaining({ method: "PUT", url: "themes/preview", data: { themeID: "theme-dark" } }),
    );
  });

  it("lists a theme's revisions and restores an older one", async () => {
    let active = 2;
    api = mockApi((request) => {
      if (request.method === "PATCH") {
        active = (request.data as { revisionID: number }).revisionID;
        return { data: {} };
      }
      return {
        data: [2, 1].map((revisionID) => ({
          ...theme(3, "Night", true),
          revisionID,
          active: revisionID === active,
        })),
      };
    });
    renderAt("/dashboard/appearance/style-guides/3/revisions");
    expect(await screen.findByRole("heading", { name: "Revisions of Night" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Restore Revision 2" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Restore Revision 1" }));
    expect(await screen.findByText("Revision 1 was restored.")).toBeInTheDocument();
    expect(api.requests).toContainEqual(
      expect.objectContaining({ method: "PATCH", url: "themes/3", data: { revisionID: 1 } }),
    );
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Restore Revision 2" })).toBeInTheDocument(),
    );
  });
});
