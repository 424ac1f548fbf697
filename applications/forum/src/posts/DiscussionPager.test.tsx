import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { DiscussionPager } from "./DiscussionPager";
import { pageUrl } from "./pageUrls";

jest.mock("@library/src/routing/pageNavigation");
const navigate = jest.mocked(fullPageNavigate);
afterEach(() => navigate.mockReset());

describe("DiscussionPager", () => {
  it("shows the range and loads the next and previous pages", async () => {
    const user = userEvent.setup();
    renderWithStore(<DiscussionPager page={2} limit={30} total={100} baseUrl="/discussion/3/hello" />);
    expect(screen.getByRole("button", { name: "31 - 60 of 100" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next Page" }));
    expect(navigate).toHaveBeenLastCalledWith("/discussion/3/hello/p3");
    await user.click(screen.getByRole("button", { name: "Previous Page" }));
    expect(navigate).toHaveBeenLastCalledWith("/discussion/3/hello");
  });

  it("jumps to a page, clamped to the last one", async () => {
    const user = userEvent.setup();
    renderWithStore(<DiscussionPager page={1} limit={30} total={100} baseUrl="/discussion/3/hello" />);
    expect(screen.getByRole("button", { name: "Previous Page" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "1 - 30 of 100" }));
    expect(screen.getByText("of 4")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Jump to page" }), "9x9");
    await user.click(screen.getByRole("button", { name: "Go" }));
    expect(navigate).toHaveBeenLastCalledWith("/discussion/3/hello/p4");
  });

  it("Back to post count leaves the jump form without moving", async () => {
    const user = userEvent.setup();
    renderWithStore(<DiscussionPager page={4} limit={30} total={100} baseUrl="/discussion/3/hello" />);
    expect(screen.getByRole("button", { name: "Next Page" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "91 - 100 of 100" }));
    await user.click(screen.getByRole("button", { name: "Back to post count" }));
    expect(screen.getByRole("button", { name: "91 - 100 of 100" })).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("puts /p{n} before the query of the base url", () => {
    expect(pageUrl("/discussion/3/hello?sort=-score", 2)).toBe("/discussion/3/hello/p2?sort=-score");
    expect(pageUrl("/discussion/3/hello?sort=-score", 1)).toBe("/discussion/3/hello?sort=-score");
  });
});
