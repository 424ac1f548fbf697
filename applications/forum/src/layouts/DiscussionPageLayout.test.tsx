import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LayoutRenderer } from "@library/src/layouts/LayoutRenderer";
import { registerLayoutComponents } from "@library/src/layouts/registerLayoutComponents";
import { componentNamesIn, loadComponents } from "@library/src/registry/componentRegistry";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { registerForumLayoutWidgets } from "@applications/forum/src/layouts/registerForumLayoutWidgets";
import { discussionPageLayout } from "@applications/forum/src/layouts/testing/discussionPageLayout";
import type * as ComposerDouble from "@applications/forum/src/posts/composerTestDouble";
import { preloadMemberPostActions } from "@applications/forum/src/posts/PostActions";
import { registerPostWidgets } from "@applications/forum/src/posts/registerPostWidgets";
import { preloadMemberReactionsBar } from "@applications/forum/src/reactions/ReactionsBar";
import { registerReactionWidgets } from "@applications/forum/src/reactions/registerReactionWidgets";
import { summary } from "@applications/forum/src/reactions/reactionsTestFixtures";

jest.mock("@library/src/editor/Composer", () =>
  jest.requireActual<typeof ComposerDouble>("@applications/forum/src/posts/composerTestDouble"),
);

let api: ReturnType<typeof mockApi> | null = null;

beforeAll(async () => {
  registerLayoutComponents();
  registerForumLayoutWidgets();
  registerPostWidgets();
  registerReactionWidgets();
  // Post widgets are lazy chunks: loaded first, as the app does with a fetched layout, with what members may do
  // with posts (a member's page preloads it).
  await loadComponents(componentNamesIn(discussionPageLayout()));
  await Promise.all([preloadMemberPostActions(), preloadMemberReactionsBar()]);
});
afterEach(() => {
  api?.restore();
  api = null;
  jest.restoreAllMocks();
});

const originalPost = () => screen.getByRole("article", { name: "Welcome to the forum" });
const likeButton = (scope: HTMLElement) =>
  within(within(scope).getByRole("group", { name: "Reactions" })).getByRole("button", {
    name: /^Like( \d+)?$/,
  });

describe("the single-page discussion page (post layout)", () => {
  it("shows what the server page shows: bookmark, options, signature, reactions, actions, comments, composer", async () => {
    renderWithStore(<LayoutRenderer nodes={discussionPageLayout()} />);
    const post = originalPost();
    const header = within(post)
      .getByRole("heading", { level: 1, name: "Welcome to the forum" })
      .closest("header");
    expect(header).toContainElement(within(post).getByRole("button", { name: "Bookmark" }));
    expect(header).toContainElement(within(post).getByRole("button", { name: "Discussion Options" }));
    expect(within(post).getByText("Say hello!")).toBeInTheDocument();
    expect(post.querySelector(".signature")).toHaveTextContent("Cheers, Alice");
    expect(likeButton(post)).toHaveTextContent("2");
    expect(within(post).getByRole("button", { name: "Reply" })).toBeInTheDocument();

    expect(screen.getByRole("heading", { level: 2, name: "2 Comments" })).toBeInTheDocument();
    const [first, second] = screen.getAllByRole("article", { name: /^Comment by/ }) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(first).toHaveAttribute("id", "Comment_101");
    expect(first.querySelector(".signature")).toHaveTextContent("Cheers, Alice");
    expect(second.querySelector(".signature")).toBeNull();
    expect(
      within(within(second).getByRole("group", { name: "Reactions" })).getByRole("button", { name: "React" }),
    ).toBeInTheDocument();
    expect(within(second).getByRole("button", { name: "Quote" })).toBeInTheDocument();
    expect(screen.getByLabelText("Sort by")).toBeInTheDocument();
    expect(await screen.findByRole("textbox", { name: "Comment" })).toBeInTheDocument();
  });

  it("bookmarks and reacts from the layout, through the API", async () => {
    const user = userEvent.setup();
    api = mockApi((request) =>
      request.url === "discussions/5/bookmark"
        ? { data: { bookmarked: true } }
        : { status: 201, data: summary({ Like: 3 }, "Like") },
    );
    renderWithStore(<LayoutRenderer nodes={discussionPageLayout()} />);
    const post = originalPost();
    const bookmark = within(post).getByRole("button", { name: "Bookmark" });
    await user.click(bookmark);
    await waitFor(() => expect(bookmark).toHaveAttribute("aria-pressed", "true"));
    await user.click(likeButton(post));
    await waitFor(() => expect(likeButton(post)).toHaveAttribute("aria-pressed", "true"));
    await waitFor(() => expect(likeButton(post)).toHaveTextContent("Like 3"));
    expect(api.requests).toEqual([
      expect.objectContaining({ method: "PUT", url: "discussions/5/bookmark", data: { bookmarked: true } }),
      expect.objectContaining({
        method: "POST",
        url: "discussions/5/reactions",
        data: { reactionType: "Like" },
      }),
    ]);
  });

  it("opens the discussion options menu", async () => {
    const user = userEvent.setup();
    renderWithStore(<LayoutRenderer nodes={discussionPageLayout()} />);
    await user.click(within(originalPost()).getByRole("button", { name: "Discussion Options" }));
    const menu = screen.getByRole("menu", { name: "Discussion Options" });
    expect(within(menu).getByRole("menuitem", { name: "Edit" })).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Close" })).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Delete" })).toBeInTheDocument();
  });

  it("asks a guest to sign in and offers neither bookmark nor options", () => {
    renderWithStore(<LayoutRenderer nodes={discussionPageLayout({ guest: true })} />);
    expect(within(originalPost()).queryByRole("button", { name: "Bookmark" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Discussion Options" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/entry/signin?Target=%2Fdiscussion%2F5%2Fwelcome",
    );
    expect(screen.queryByRole("textbox", { name: "Comment" })).not.toBeInTheDocument();
  });

  it("shows a slot widget the registry does not know as a placeholder, and the rest of the page", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    const slotWidget = { $reactComponent: "UnknownSlotWidget", $reactProps: {} } as unknown as ReturnType<
      typeof discussionPageLayout
    >[number];
    renderWithStore(<LayoutRenderer nodes={discussionPageLayout({ slotWidgets: [slotWidget] })} />);
    expect(document.querySelector('[data-component="UnknownSlotWidget"]')).not.toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: "2 Comments" })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('"UnknownSlotWidget"'));
  });
});
