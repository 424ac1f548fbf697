import { screen, within } from "@testing-library/react";
import type { HydratedLayout } from "@forum/api/layouts";
import { LayoutRenderer } from "@library/src/layouts/LayoutRenderer";
import { registerLayoutComponents } from "@library/src/layouts/registerLayoutComponents";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { registerForumLayoutWidgets } from "@applications/forum/src/layouts/registerForumLayoutWidgets";
import { makeComment, makeDiscussion } from "@applications/forum/src/layouts/testing/layoutFixtures";

const discussion = makeDiscussion({
  discussionID: 5,
  name: "Welcome to the forum",
  body: "<p>Say hello!</p>",
});
const comments = [makeComment({ commentID: 101 }), makeComment({ commentID: 102 })];

function postActions(recordID: number) {
  return { $reactComponent: "PostActions", $reactProps: { recordType: "comment", recordID } };
}

/** A `post` layout as the server answers `GET /layouts/lookup-hydrate` for a guest. */
const postLayout: HydratedLayout = {
  layoutID: "post",
  layoutViewType: "post",
  title: "Welcome to the forum",
  titleBar: { $reactComponent: "TitleBar", $reactProps: {} },
  layout: [
    {
      $reactComponent: "SectionTwoColumns",
      $reactProps: {
        breadcrumbs: {
          $reactComponent: "Breadcrumbs",
          $reactProps: {
            crumbs: [
              { name: "Home", url: "/" },
              { name: "General", url: "/categories/general" },
            ],
          },
        },
        mainBottom: [
          {
            $reactComponent: "OriginalPostAsset",
            $reactProps: {
              discussion,
              options: { $reactComponent: "DiscussionOptionsMenu", $reactProps: { discussionID: 5 } },
              actions: {
                $reactComponent: "PostActions",
                $reactProps: { recordType: "discussion", recordID: 5 },
              },
            },
          },
          {
            $reactComponent: "CommentThreadAsset",
            $reactProps: {
              comments,
              commentActions: comments.map((comment) => postActions(comment.commentID)),
              sort: { $reactComponent: "CommentSort", $reactProps: { sort: "dateInserted" } },
              pager: { $reactComponent: "DiscussionPager", $reactProps: { page: 1, limit: 30, total: 2 } },
              totalComments: 2,
            },
          },
          {
            $reactComponent: "CreateCommentAsset",
            $reactProps: { signInUrl: "/entry/signin?Target=%2Fdiscussion%2F5" },
          },
        ],
        secondaryBottom: [
          {
            $reactComponent: "BannerWidget",
            $reactProps: { title: "Need more help?" },
            $middleware: { visibility: { device: "all" } },
          },
        ],
      },
    },
  ],
};

describe("the forum's layout widgets in a post layout", () => {
  beforeAll(() => {
    registerLayoutComponents();
    registerForumLayoutWidgets();
  });
  beforeEach(() => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("renders the whole page, with placeholders where the posts widgets are not registered", () => {
    renderWithStore(<LayoutRenderer nodes={postLayout.layout} />);

    const breadcrumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(breadcrumbs).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");

    const post = screen.getByRole("article", { name: "Welcome to the forum" });
    expect(within(post).getByRole("heading", { level: 1, name: "Welcome to the forum" })).toBeInTheDocument();
    expect(within(post).getByText("Say hello!")).toBeInTheDocument();
    expect(post.querySelector('.post-options [data-component="DiscussionOptionsMenu"]')).not.toBeNull();
    expect(post.querySelector('.postActions [data-component="PostActions"]')).not.toBeNull();

    expect(screen.getByRole("heading", { level: 2, name: "2 Comments" })).toBeInTheDocument();
    expect(document.getElementById("Comment_101")).toHaveTextContent("Comment body 101");
    expect(document.getElementById("Comment_102")).toHaveTextContent("Comment body 102");
    expect(document.querySelectorAll('article.post-comment [data-component="PostActions"]')).toHaveLength(2);
    expect(document.querySelector('.commentSortWidget [data-component="CommentSort"]')).not.toBeNull();
    expect(document.querySelector('.pagerWidget [data-component="DiscussionPager"]')).not.toBeNull();

    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/entry/signin?Target=%2Fdiscussion%2F5",
    );
    const sidebar = screen.getByRole("complementary", { name: "Sidebar" });
    expect(within(sidebar).getByRole("heading", { name: "Need more help?" })).toBeInTheDocument();

    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('"PostActions"'));
  });
});
