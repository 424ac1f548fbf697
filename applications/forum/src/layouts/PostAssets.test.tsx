import { render, screen, within } from "@testing-library/react";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { CommentItem } from "@applications/forum/src/layouts/CommentItem";
import { CommentThreadAsset } from "@applications/forum/src/layouts/CommentThreadAsset";
import { CreateCommentAsset } from "@applications/forum/src/layouts/CreateCommentAsset";
import { CreatePostFormAsset } from "@applications/forum/src/layouts/CreatePostFormAsset";
import { OriginalPostAsset } from "@applications/forum/src/layouts/OriginalPostAsset";
import {
  makeComment,
  makeDiscussion,
  makeUserFragment,
} from "@applications/forum/src/layouts/testing/layoutFixtures";

describe("OriginalPostAsset", () => {
  it("shows the title, author, date, category, body HTML, the options in the header and the actions", () => {
    const discussion = makeDiscussion({
      discussionID: 5,
      name: "How do I reset my password?",
      body: '<p>I tried <strong>everything</strong>.</p><a href="/help">Help</a>',
      closed: true,
    });
    render(
      <OriginalPostAsset
        discussion={discussion}
        bookmark={<button type="button">Bookmark</button>}
        options={<button type="button">Discussion Options</button>}
        meta={[<span key="slot">Slot meta</span>]}
        signature={<div className="signature">Yours, Alice</div>}
        reactions={<div role="group" aria-label="Reactions" />}
        actions={<button type="button">Reply</button>}
        extraActions={[
          <button key="slot" type="button">
            Slot action
          </button>,
        ]}
      />,
    );
    const post = screen.getByRole("article", { name: "How do I reset my password?" });
    expect(post).toHaveAttribute("id", "Discussion_5");
    const heading = within(post).getByRole("heading", { level: 1, name: "How do I reset my password?" });
    expect(heading.closest("header")).toContainElement(
      within(post).getByRole("button", { name: "Discussion Options" }),
    );
    expect(within(post).getByRole("link", { name: "Alice" })).toHaveAttribute("href", "/profile/Alice");
    expect(post.querySelector("img.userPhoto")).toHaveAttribute("src", "https://cdn.example.com/alice.png");
    expect(post.querySelector("time")).toHaveAttribute("dateTime", "2025-03-01T10:00:00.000Z");
    expect(within(post).getByRole("link", { name: "General" })).toHaveAttribute(
      "href",
      "/categories/general",
    );
    expect(within(post).getByText("Closed")).toBeInTheDocument();
    const body = post.querySelector(".userContent")!;
    expect(body.querySelector("strong")).toHaveTextContent("everything");
    expect(within(body as HTMLElement).getByRole("link", { name: "Help" })).toHaveAttribute("href", "/help");
    expect(within(post).getByRole("button", { name: "Reply" })).toBeInTheDocument();
    expect(heading.closest("header")).toContainElement(
      within(post).getByRole("button", { name: "Bookmark" }),
    );
    expect(within(post).getByText("Slot meta").closest(".post-meta")).not.toBeNull();
    expect(within(post).getByText("Yours, Alice")).toBeInTheDocument();
    expect(within(post).getByRole("group", { name: "Reactions" })).toBeInTheDocument();
    expect(within(post).getByRole("button", { name: "Slot action" })).toBeInTheDocument();
  });

  it("shows 'Unknown' and the generic avatar when the author is missing", () => {
    render(
      <OriginalPostAsset
        discussion={makeDiscussion({ insertUser: undefined })}
        bookmark={null}
        meta={[]}
        reactions={null}
        actions={null}
        extraActions={[]}
      />,
    );
    expect(screen.getByText("Unknown")).toBeInTheDocument();
    expect(screen.getByTestId("generic-avatar")).toBeInTheDocument();
  });
});

function commentItem(comment: ReturnType<typeof makeComment>) {
  return (
    <CommentItem
      key={comment.commentID}
      comment={comment}
      reactions={null}
      actions={<button type="button">React to {comment.commentID}</button>}
      extraActions={[]}
    />
  );
}

describe("CommentThreadAsset and CommentItem", () => {
  const comments = [
    makeComment({ commentID: 101 }),
    makeComment({
      commentID: 102,
      insertUser: makeUserFragment({ userID: 6, name: "Dana", url: "/profile/Dana" }),
    }),
  ];

  it("shows the count, the sort, each comment with its own actions, and the pager", () => {
    renderWithStore(
      <CommentThreadAsset
        comments={comments.map(commentItem)}
        totalComments={32}
        sort={<label>Sort by</label>}
        pager={<nav aria-label="Pagination">pages</nav>}
      />,
    );
    expect(screen.getByRole("heading", { level: 2, name: "32 Comments" })).toBeInTheDocument();
    expect(screen.getByText("Sort by")).toBeInTheDocument();
    const articles = screen.getAllByRole("article");
    expect(articles.map((article) => article.id)).toEqual(["Comment_101", "Comment_102"]);
    const [first, second] = articles as [HTMLElement, HTMLElement];
    expect(within(first).getByRole("link", { name: "Bob" })).toHaveAttribute("href", "/profile/Bob");
    expect(within(first).getByTestId("generic-avatar")).toBeInTheDocument();
    expect(within(first).getByText("Comment body 101")).toBeInTheDocument();
    expect(within(first).getByRole("button", { name: "React to 101" })).toBeInTheDocument();
    expect(
      within(first).getByRole("link", { name: /ago|seconds|minutes|hours|days|months|years|Mar/ }),
    ).toHaveAttribute("href", "/discussion/comment/101#Comment_101");
    expect(first.querySelector("time")).toHaveAttribute("dateTime", "2025-03-03T10:00:00.000Z");
    expect(within(second).getByRole("link", { name: "Dana" })).toBeInTheDocument();
    expect(within(second).getByRole("button", { name: "React to 102" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Pagination" })).toBeInTheDocument();
  });

  it("says '1 Comment' for one", () => {
    renderWithStore(<CommentThreadAsset comments={[commentItem(makeComment())]} totalComments={1} />);
    expect(screen.getByRole("heading", { level: 2, name: "1 Comment" })).toBeInTheDocument();
  });

  it("renders nothing, not even the heading, without comments", () => {
    const { container } = render(<CommentThreadAsset comments={[]} totalComments={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("CreateCommentAsset", () => {
  it("renders the composer it is given", () => {
    render(<CreateCommentAsset composer={<textarea aria-label="Comment" />} signInUrl="/entry/signin" />);
    expect(screen.getByRole("textbox", { name: "Comment" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
    expect(document.getElementById("create-comment")).toContainElement(screen.getByRole("textbox"));
  });

  it("asks guests to sign in", () => {
    render(<CreateCommentAsset signInUrl="/entry/signin?Target=%2Fdiscussion%2F5" />);
    const link = screen.getByRole("link", { name: "Sign In" });
    expect(link).toHaveAttribute("href", "/entry/signin?Target=%2Fdiscussion%2F5");
    expect(link.parentElement).toHaveTextContent("Sign In to comment.");
  });

  it("says a closed discussion is closed to members who may not comment", () => {
    render(<CreateCommentAsset closed />);
    expect(screen.getByText("This discussion has been closed.")).toBeInTheDocument();
  });

  it("renders nothing without a composer or a sign-in address", () => {
    const { container } = render(<CreateCommentAsset />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe("CreatePostFormAsset", () => {
  it("titles the form it is given", () => {
    render(<CreatePostFormAsset title="New Discussion" form={<form aria-label="Post" />} />);
    const section = screen.getByRole("region", { name: "New Discussion" });
    expect(within(section).getByRole("heading", { level: 1, name: "New Discussion" })).toBeInTheDocument();
    expect(within(section).getByRole("form", { name: "Post" })).toBeInTheDocument();
  });
});
