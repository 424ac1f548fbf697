import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Comment } from "@forum/api/comments";
import { GUEST_USER } from "@library/src/bootstrap/bootstrap";
import { success } from "@library/src/loadable/loadable";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import { CommentItem } from "@applications/forum/src/layouts/CommentItem";
import { CommentThreadAsset } from "@applications/forum/src/layouts/CommentThreadAsset";
import { makeComment, makeUserFragment } from "@applications/forum/src/layouts/testing/layoutFixtures";

const CATEGORY = 3;

function signedInWith(granted: Record<string, boolean>) {
  const permissions: Record<string, boolean> = { "discussions.view": true, ...granted };
  return {
    currentUser: { current: success({ ...GUEST_USER, userID: 5, name: "Mo" }), requestID: null },
    permissions: {
      permissions: success({
        isAdmin: false,
        isSysAdmin: false,
        isSuperAdmin: false,
        permissions: [
          { type: "global", id: null, permissions: { "session.valid": true } },
          { type: "category", id: CATEGORY, permissions },
        ],
        junctions: { category: [CATEGORY] },
      }),
      requestID: null,
    },
  };
}

const moderator = signedInWith({
  "discussions.edit": true,
  "comments.delete": true,
  "discussions.manage": true,
});

const author = (name: string) =>
  makeUserFragment({ userID: name.length, name, url: `/profile/${name}`, photoUrl: "" });

const comments: Comment[] = [
  makeComment({ commentID: 101, insertUser: author("Alice"), body: "<p>First words</p>" }),
  makeComment({ commentID: 102, insertUser: author("Bob"), body: "<p>Second words</p>" }),
  makeComment({ commentID: 103, insertUser: author("Carol"), body: "<p>Third words</p>" }),
];

function Page() {
  return (
    <>
      <CommentThreadAsset
        totalComments={comments.length}
        comments={comments.map((comment) => (
          <CommentItem
            key={comment.commentID}
            comment={comment}
            reactions={null}
            actions={null}
            extraActions={[]}
          />
        ))}
      />
      <ToastContainer />
    </>
  );
}

function categoriesReply() {
  return {
    data: [
      {
        categoryID: CATEGORY,
        name: "General",
        url: "/categories/general",
        depth: 1,
        displayAs: "discussions",
      },
      { categoryID: 7, name: "Archive", url: "/categories/archive", depth: 1, displayAs: "discussions" },
    ],
  };
}

describe("selecting comments on a discussion page", () => {
  it("gives moderators a box per comment, labelled with its place and author, and the selection toast", async () => {
    const user = userEvent.setup();
    renderWithStore(<Page />, { preloadedState: moderator });
    expect(screen.getAllByRole("checkbox")).toHaveLength(3);
    await user.click(screen.getByRole("checkbox", { name: "Select Comment 1 by Alice" }));
    expect(await screen.findByText("1 comment selected")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select Comment 3 by Carol" }));
    expect(await screen.findByText("2 comments selected")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Split" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Delete" })).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(screen.queryByText("2 comments selected")).not.toBeVisible());
    expect(screen.getByRole("checkbox", { name: "Select Comment 1 by Alice" })).not.toBeChecked();
  });

  it("shows no boxes to a member who may neither split nor delete comments", () => {
    renderWithStore(<Page />, { preloadedState: signedInWith({}) });
    expect(screen.getByText("Second words")).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
  });

  it("offers only Delete to a moderator without the edit permission", async () => {
    const user = userEvent.setup();
    renderWithStore(<Page />, { preloadedState: signedInWith({ "comments.delete": true }) });
    await user.click(screen.getByRole("checkbox", { name: "Select Comment 2 by Bob" }));
    expect(await screen.findByRole("button", { name: "Split" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Delete" })).toBeEnabled();
  });

  it("requires a title and a category, then splits through the long runner and links the new discussion", async () => {
    const user = userEvent.setup();
    const api = mockApi(({ url }) => {
      if (url === "categories") return categoriesReply();
      return {
        status: 201,
        data: {
          progress: { successIDs: [101, 103], failedIDs: [], exceptionsByID: {}, countTotalIDs: 2 },
          callbackPayload: null,
          discussionID: 40,
          newPostUrl: "/discussion/40/a-new-topic",
        },
      };
    });
    renderWithStore(<Page />, { preloadedState: moderator });
    await user.click(screen.getByRole("checkbox", { name: "Select Comment 1 by Alice" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Comment 3 by Carol" }));
    await user.click(await screen.findByRole("button", { name: "Split" }));
    const dialog = await screen.findByRole("dialog", { name: "Split Comments" });
    expect(dialog).toHaveTextContent("Split 2 comments into a new discussion.");
    await user.click(within(dialog).getByRole("button", { name: "Split" }));
    expect(within(dialog).getByText("A title is required.")).toBeInTheDocument();
    expect(within(dialog).getByText("A category is required.")).toHaveAttribute("role", "alert");
    expect(api.requests.some((request) => request.url === "discussions/split")).toBe(false);
    await user.type(within(dialog).getByRole("textbox", { name: /Title/ }), "A new topic");
    await user.selectOptions(await within(dialog).findByRole("combobox", { name: "Category" }), "Archive");
    await user.click(within(dialog).getByRole("button", { name: "Split" }));
    const progress = await screen.findByRole("dialog", { name: "Splitting comments" });
    await waitFor(() => expect(within(progress).getByText("Done.")).toBeInTheDocument());
    api.restore();
    const request = api.requests.find((item) => item.url === "discussions/split");
    expect(request?.method).toBe("POST");
    expect(request?.data).toEqual({
      commentIDs: [101, 103],
      newPost: { name: "A new topic", categoryID: 7, postType: "discussion", authorType: "me" },
    });
    expect(within(progress).getByTestId("longRunner-succeeded")).toHaveTextContent("2");
    expect(screen.getByRole("link", { name: "A new topic" })).toHaveAttribute(
      "href",
      expect.stringContaining("/discussion/40/a-new-topic"),
    );
    await user.click(within(progress).getByRole("button", { name: "Close" }));
    expect(screen.queryByText("First words")).not.toBeInTheDocument();
    expect(screen.queryByText("Third words")).not.toBeInTheDocument();
    expect(screen.getByText("Second words")).toBeInTheDocument();
  });

  it("asks before deleting, removes the deleted comments and checks the failed one again", async () => {
    const user = userEvent.setup();
    const api = mockApi(() => ({
      status: 404,
      data: {
        progress: {
          successIDs: [101],
          failedIDs: [102],
          exceptionsByID: { "102": { message: "Comment not found.", code: 404 } },
          countTotalIDs: 2,
        },
        callbackPayload: null,
      },
    }));
    renderWithStore(<Page />, { preloadedState: moderator });
    await user.click(screen.getByRole("checkbox", { name: "Select Comment 1 by Alice" }));
    await user.click(screen.getByRole("checkbox", { name: "Select Comment 2 by Bob" }));
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Comments" });
    expect(dialog).toHaveTextContent("Are you sure you want to delete 2 comments?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.requests).toHaveLength(0);
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Delete Comments" })).getByRole("button", {
        name: "Delete",
      }),
    );
    const progress = await screen.findByRole("dialog", { name: "Deleting comments" });
    await waitFor(() => expect(within(progress).getByText("Done.")).toBeInTheDocument());
    api.restore();
    expect(api.requests[0]).toMatchObject({
      method: "DELETE",
      url: "comments/list",
      data: { commentIDs: [101, 102] },
    });
    expect(within(progress).getByRole("list", { name: "Errors" })).toHaveTextContent(
      "Comment 2 by Bob: Comment not found.",
    );
    await user.click(within(progress).getByRole("button", { name: "Close" }));
    expect(screen.queryByText("First words")).not.toBeInTheDocument();
    expect(screen.getByText("Second words")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Select Comment 2 by Bob" })).toBeChecked();
    expect(await screen.findByText("1 comment selected")).toBeInTheDocument();
  });
});
