import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { CommentSort } from "./CommentSort";

jest.mock("@library/src/routing/pageNavigation");
const navigate = jest.mocked(fullPageNavigate);
afterEach(() => navigate.mockReset());

describe("CommentSort", () => {
  it("is a 'Sort by' select with Oldest, Newest and Top", () => {
    renderWithStore(<CommentSort sort="-score" baseUrl="/discussion/3/hello" />);
    const select = screen.getByRole("combobox", { name: "Sort by" });
    expect(select).toHaveValue("-score");
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Oldest",
      "Newest",
      "Top",
    ]);
  });

  it("navigates with ?sort=…, and without it for the default", async () => {
    const user = userEvent.setup();
    renderWithStore(<CommentSort sort="dateInserted" baseUrl="/discussion/3/hello" />);
    const select = screen.getByRole("combobox", { name: "Sort by" });
    await user.selectOptions(select, "Newest");
    expect(navigate).toHaveBeenLastCalledWith("/discussion/3/hello?sort=-dateInserted");
    await user.selectOptions(select, "Top");
    expect(navigate).toHaveBeenLastCalledWith("/discussion/3/hello?sort=-score");
  });

  it("choosing Oldest drops the sort parameter", async () => {
    const user = userEvent.setup();
    renderWithStore(<CommentSort sort="-dateInserted" baseUrl="/discussion/3/hello" />);
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Oldest");
    expect(navigate).toHaveBeenLastCalledWith("/discussion/3/hello");
  });
});
