import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ThemePreviewToast } from "./ThemePreviewToast";

jest.mock("@library/src/routing/pageNavigation", () => ({ fullPageNavigate: jest.fn() }));

let api: ReturnType<typeof mockApi> | null = null;
const assign = jest.mocked(fullPageNavigate);
afterEach(() => {
  api?.restore();
  api = null;
  assign.mockReset();
});

describe("ThemePreviewToast", () => {
  it("applies the previewed theme, then goes to the theme management page", async () => {
    api = mockApi(() => ({ data: {} }));
    renderWithStore(
      <ThemePreviewToast name="Night" themeID={4} redirect="/dashboard/appearance/style-guides" />,
    );
    expect(screen.getByText("You are previewing the Night theme.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/dashboard/appearance/style-guides"));
    expect(api.requests).toEqual([
      expect.objectContaining({ method: "PUT", url: "themes/current", data: { themeID: 4 } }),
    ]);
  });

  it("restores a previewed revision, ends the preview and lands on the revisions page", async () => {
    api = mockApi(() => ({ data: {} }));
    renderWithStore(
      <ThemePreviewToast
        name="Night"
        themeID={4}
        revisionID={9}
        redirect="/appearance/style-guides/4/revisions"
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Restore" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/appearance/style-guides/4/revisions"));
    expect(api.requests.map((request) => [request.method, request.url, request.data])).toEqual([
      ["PATCH", "themes/4", { revisionID: 9 }],
      ["PUT", "themes/preview", { themeID: "" }],
    ]);
  });

  it("shows an apply error inside the toast and stays on the page", async () => {
    api = mockApi(() => ({ status: 404, data: { message: "Theme not found.", status: 404 } }));
    renderWithStore(
      <ThemePreviewToast name="Gone" themeID={7} redirect="/dashboard/appearance/style-guides" />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    const region = screen.getByRole("region", { name: "Theme preview" });
    expect(await screen.findByRole("alert")).toHaveTextContent("Theme not found.");
    expect(region).toContainElement(screen.getByRole("alert"));
    expect(assign).not.toHaveBeenCalled();
  });

  it("cancels the preview, then goes back", async () => {
    api = mockApi(() => ({ data: {} }));
    renderWithStore(
      <ThemePreviewToast name="Night" themeID="theme-dark" redirect="/dashboard/appearance/style-guides" />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(api.requests).toEqual([
      expect.objectContaining({ method: "PUT", url: "themes/preview", data: { themeID: "" } }),
    ]);
  });
});
