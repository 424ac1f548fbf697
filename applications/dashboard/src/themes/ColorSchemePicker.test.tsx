import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ColorSchemePicker } from "./ColorSchemePicker";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  document.body.className = "";
});

describe("ColorSchemePicker", () => {
  it("shows the chosen scheme at once and keeps it", async () => {
    api = mockApi(() => ({ data: { colorScheme: "dark" } }));
    document.body.className = "colorScheme-system";
    renderWithStore(<ColorSchemePicker colorScheme="system" />);
    const select = screen.getByRole("combobox", { name: "Color scheme" });
    expect(select).toHaveValue("system");
    await userEvent.selectOptions(select, "Dark");
    expect(document.body).toHaveClass("colorScheme-dark");
    expect(document.body).not.toHaveClass("colorScheme-system");
    await waitFor(() => expect(api?.requests).toHaveLength(1));
    expect(api.requests[0]).toMatchObject({
      method: "PUT",
      url: "themes/color-scheme",
      data: { colorScheme: "dark" },
    });
  });

  it("goes back to the previous scheme when the choice is refused", async () => {
    api = mockApi(() => ({ status: 500, data: { message: "Something went wrong.", status: 500 } }));
    document.body.className = "colorScheme-light";
    renderWithStore(<ColorSchemePicker colorScheme="light" />);
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Color scheme" }), "Dark");
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong.");
    expect(document.body).toHaveClass("colorScheme-light");
    expect(screen.getByRole("combobox", { name: "Color scheme" })).toHaveValue("light");
  });
});
