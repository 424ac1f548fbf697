import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { GUEST_USER } from "@library/src/bootstrap/bootstrap";
import { success } from "@library/src/loadable/loadable";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import { ServerCommentSelect } from "./ServerCommentSelect";

const CATEGORY = 3;

function permissionsWith(granted: Record<string, boolean>) {
  return {
    currentUser: { current: success({ ...GUEST_USER, userID: 5, name: "Mo" }), requestID: null },
    permissions: {
      permissions: success({
        isAdmin: false,
        isSysAdmin: false,
        isSuperAdmin: false,
        permissions: [{ type: "category", id: CATEGORY, permissions: granted }],
        junctions: { category: [CATEGORY] },
      }),
      requestID: null,
    },
  };
}

/** Two comments as the server writes them: plain HTML with a header each. */
let page: HTMLElement | null = null;
function serverComments(): void {
  page = document.createElement("div");
  document.body.append(page);
  page.innerHTML = `<section class="commentList">
    <article class="post post-comment" id="Comment_201"><header class="post-header">Alice</header><p>First words</p></article>
    <article class="post post-comment" id="Comment_202"><header class="post-header">Bob</header><p>Second words</p></article>
  </section>`;
}

describe("comment selection on a server-written discussion page", () => {
  afterEach(() => {
    page?.remove();
    page = null;
  });

  it("puts a box in each comment's header, and a deleted comment leaves the page", async () => {
    serverComments();
    const user = userEvent.setup();
    const api = mockApi(({ url }) => {
      if (url === "discussions/60") return { data: { discussionID: 60, categoryID: CATEGORY } };
      return {
        data: {
          progress: { successIDs: [202], failedIDs: [], exceptionsByID: {}, countTotalIDs: 1 },
          callbackPayload: null,
        },
      };
    });
    renderWithStore(
      <>
        <ServerCommentSelect commentID={201} discussionID={60} authorName="Alice" />
        <ServerCommentSelect commentID={202} discussionID={60} authorName="Bob" />
        <ToastContainer />
      </>,
      { preloadedState: permissionsWith({ "comments.delete": true }) },
    );
    const second = document.getElementById("Comment_202") as HTMLElement;
    const box = await within(second).findByRole("checkbox", { name: "Select Comment 2 by Bob" });
    expect(
      within(document.getElementById("Comment_201") as HTMLElement).getByRole("checkbox", {
        name: "Select Comment 1 by Alice",
      }),
    ).toBeInTheDocument();
    await user.click(box);
    expect(await screen.findByText("1 comment selected")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Split" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Comments" });
    expect(dialog).toHaveTextContent("Are you sure you want to delete this comment?");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(document.getElementById("Comment_202")).toBeNull());
    api.restore();
    expect(api.requests.filter((request) => request.url === "discussions/60")).toHaveLength(1);
    expect(api.requests.find((request) => request.url === "comments/list")?.data).toEqual({
      commentIDs: [202],
    });
    expect(screen.getByText("First words")).toBeInTheDocument();
  });

  it("adds nothing for a member who moderates no comments", async () => {
    serverComments();
    const api = mockApi(() => ({ data: {} }));
    renderWithStore(<ServerCommentSelect commentID={201} discussionID={60} authorName="Alice" />, {
      preloadedState: permissionsWith({ "discussions.view": true }),
    });
    await screen.findByText("First words");
    api.restore();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});
