import { screen, within } from "@testing-library/react";
import type * as ComposerDouble from "./composerTestDouble";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { NewDiscussionForm } from "./NewDiscussionForm";

jest.mock("@library/src/editor/Composer", () =>
  jest.requireActual<typeof ComposerDouble>("./composerTestDouble"),
);
jest.mock("@library/src/routing/pageNavigation");

const navigate = jest.mocked(fullPageNavigate);
let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  navigate.mockReset();
});

const categories = [
  { categoryID: 1, name: "Support", depth: 1, canPost: false },
  { categoryID: 2, name: "Questions", depth: 2, canPost: true },
  { categoryID: 3, name: "Staff", depth: 1, canPost: false },
  { categoryID: 4, name: "General", depth: 1, canPost: true },
];

describe("NewDiscussionForm", () => {
  it("has a required title, postable categories indented under disabled headings, and 'Post Discussion'", async () => {
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={4} />);
    const title = screen.getByRole("textbox", { name: /Title/ });
    expect(title).toBeRequired();
    expect(title).toHaveAttribute("maxLength", "250");
    const select = screen.getByRole("combobox", { name: /Category/ });
    expect(select).toHaveValue("4");
    const options = within(select).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "Select a category",
      "Support",
      "\u00a0\u00a0\u00a0Questions",
      "General",
    ]);
    expect(within(select).getByRole("option", { name: "Support" })).toBeDisabled();
    expect(within(select).queryByRole("option", { name: "Staff" })).not.toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Post Discussion" })).toBeInTheDocument();
  });

  it("shows the API's 422 errors under each field", async () => {
    api = mockApi(() => ({
      status: 422,
      data: {
        message: "Validation failed.",
        status: 422,
        errors: [
          { field: "name", code: "maxLength", message: "Title is too long." },
          { field: "categoryID", code: "permission", message: "You cannot post in this category." },
        ],
      },
    }));
    const user = userEvent.setup();
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={null} />);
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "Question");
    await user.selectOptions(screen.getByRole("combobox", { name: /Category/ }), "General");
    await user.type(await screen.findByRole("textbox", { name: "Body" }), "Body text");
    await user.click(screen.getByRole("button", { name: "Post Discussion" }));
    expect(await screen.findByText("Title is too long.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Title/ })).toHaveAccessibleDescription("Title is too long.");
    expect(screen.getByRole("combobox", { name: /Category/ })).toHaveAccessibleDescription(
      "You cannot post in this category.",
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(api.requests[0]?.data).toEqual({
      name: "Question",
      body: JSON.stringify([{ type: "p", children: [{ text: "Body text" }] }]),
      format: "rich2",
      categoryID: 4,
    });
  });

  it("asks for a title before sending anything, then posts and opens the discussion", async () => {
    api = mockApi(() => ({ status: 201, data: { discussionID: 9, url: "/discussion/9/question" } }));
    const user = userEvent.setup();
    renderWithStore(<NewDiscussionForm categories={categories} categoryID={2} />);
    await user.type(await screen.findByRole("textbox", { name: "Body" }), "Body");
    await user.click(screen.getByRole("button", { name: "Post Discussion" }));
    expect(screen.getByText("Title is required.")).toBeInTheDocument();
    expect(api.requests).toEqual([]);
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "Question");
    await user.click(screen.getByRole("button", { name: "Post Discussion" }));
    expect(navigate).toHaveBeenCalledWith("/discussion/9/question");
  });
});
