import { act, screen, within } from "@testing-library/react";
import type * as ComposerDouble from "./composerTestDouble";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { CommentComposer } from "./CommentComposer";
import { replyRequested } from "./composerSlice";

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
  window.localStorage.clear();
});

describe("CommentComposer", () => {
  it("renders nothing when the user cannot comment", () => {
    const { container } = renderWithStore(
      <CommentComposer discussionID={3} closed={false} canComment={false} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("posts a rich2 comment and opens its url", async () => {
    api = mockApi(() => ({ status: 201, data: { commentID: 40, url: "/discussion/comment/40#Comment_40" } }));
    const user = userEvent.setup();
    renderWithStore(<CommentComposer discussionID={3} closed={false} canComment />);
    await user.type(await screen.findByRole("textbox", { name: "Comment" }), "Nice post");
    await user.click(screen.getByRole("button", { name: "Post Comment" }));
    expect(api.requests).toEqual([
      expect.objectContaining({
        method: "POST",
        url: "comments",
        data: {
          discussionID: 3,
          body: JSON.stringify([{ type: "p", children: [{ text: "Nice post" }] }]),
          format: "rich2",
        },
      }),
    ]);
    expect(navigate).toHaveBeenCalledWith("/discussion/comment/40#Comment_40");
  });

  it("starts a flat-view reply with the author's mention and says whom it answers, with a link back", async () => {
    const { store } = renderWithStore(<CommentComposer discussionID={3} closed={false} canComment />);
    const box = await screen.findByRole("textbox", { name: "Comment" });
    act(() => {
      store.dispatch(
        replyRequested({
          discussionID: 3,
          to: { userID: 8, name: "Ana", url: "/discussion/comment/12#Comment_12" },
        }),
      );
    });
    const note = await screen.findByText("Replying to");
    expect(within(note).getByRole("link", { name: "Ana" })).toHaveAttribute(
      "href",
      "/discussion/comment/12#Comment_12",
    );
    expect(box).toHaveValue("@Ana ");
    expect(box).toHaveFocus();
  });

  it("shows the API error in the composer and stays", async () => {
    api = mockApi(() => ({
      status: 403,
      data: { message: "This discussion has been closed.", status: 403 },
    }));
    const user = userEvent.setup();
    renderWithStore(<CommentComposer discussionID={3} closed canComment />);
    await user.type(await screen.findByRole("textbox", { name: "Comment" }), "Late");
    await user.click(screen.getByRole("button", { name: "Post Comment" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This discussion has been closed.");
    expect(navigate).not.toHaveBeenCalled();
  });
});
