import { screen } from "@testing-library/react";
import type * as ComposerDouble from "./composerTestDouble";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { EditDiscussionForm } from "./EditDiscussionForm";

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

const edit = {
  discussionID: 3,
  name: "Old title",
  body: JSON.stringify([{ type: "p", children: [{ text: "Old body" }] }]),
  format: "rich2",
  categoryID: 2,
  sink: false,
  closed: false,
  pinned: false,
  pinLocation: null,
  type: null,
  postTypeID: null,
};

describe("EditDiscussionForm", () => {
  it("pre-fills from GET discussions/{id}/edit, PATCHes and opens the discussion", async () => {
    api = mockApi(({ method }) =>
      method === "GET" ? { data: edit } : { data: { discussionID: 3, url: "/discussion/3/new-title" } },
    );
    const user = userEvent.setup();
    renderWithStore(<EditDiscussionForm discussionID={3} />);
    const title = await screen.findByRole("textbox", { name: /Title/ });
    expect(title).toHaveValue("Old title");
    expect(await screen.findByRole("textbox", { name: "Body" })).toHaveValue("Old body");
    await user.clear(title);
    await user.type(title, "New title");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(api.requests[1]).toEqual(
      expect.objectContaining({
        method: "PATCH",
        url: "discussions/3",
        data: { name: "New title", body: edit.body, format: "rich2", categoryID: 2 },
      }),
    );
    expect(navigate).toHaveBeenCalledWith("/discussion/3/new-title");
  });

  it("shows 'Editing discussions is not allowed.' from a 400", async () => {
    api = mockApi(() => ({
      status: 400,
      data: { message: "Editing discussions is not allowed.", status: 400 },
    }));
    renderWithStore(<EditDiscussionForm discussionID={3} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Editing discussions is not allowed.");
    expect(screen.queryByRole("textbox", { name: /Title/ })).not.toBeInTheDocument();
  });
});
