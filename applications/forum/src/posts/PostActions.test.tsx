import { act, screen, within } from "@testing-library/react";
import type * as ComposerDouble from "./composerTestDouble";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { registerComponent } from "@library/src/registry/componentRegistry";
import { DropDownItemLink } from "@library/src/ui/DropDownMenu/DropDownItems";
import { useSharedPost } from "@library/src/share/sharedPost";
import { createAppStore } from "@library/src/redux/store";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { CommentComposer } from "./CommentComposer";
import { PostActions, preloadMemberPostActions } from "./PostActions";
import { postActionsProps } from "./postsTestFixtures";

jest.mock("@library/src/editor/Composer", () =>
  jest.requireActual<typeof ComposerDouble>("./composerTestDouble"),
);
jest.mock("@library/src/routing/pageNavigation");

const navigate = jest.mocked(fullPageNavigate);
let api: ReturnType<typeof mockApi> | null = null;

// What members may do is a chunk of its own, preloaded on a member's page: here once for all the tests.
beforeAll(() => preloadMemberPostActions());

beforeEach(() => {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: 1400 });
  navigate.mockReset();
});
afterEach(() => {
  api?.restore();
  api = null;
  jest.useRealTimers();
});

function toastMessages(store: ReturnType<typeof createAppStore>): string[] {
  return store.getState().toasts.items.map((toast) => toast.message);
}

describe("PostActions rendering rules", () => {
  it("gives a reader who may only read and share the post's link copy and Share", () => {
    renderWithStore(<PostActions {...postActionsProps({ canComment: false, recordType: "discussion" })} />);
    expect(screen.getByRole("button", { name: "Copy Link" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Share" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Quote" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
  });

  it("shows Quote and Reply only when the user can comment", () => {
    const { unmount } = renderWithStore(<PostActions {...postActionsProps()} />);
    expect(screen.getByRole("button", { name: "Quote" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reply" })).toBeInTheDocument();
    unmount();
    renderWithStore(<PostActions {...postActionsProps({ canComment: false })} />);
    expect(screen.queryByRole("button", { name: "Quote" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reply" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Share" })).toBeInTheDocument();
  });

  it("offers Edit and Delete for comments only, and only when permitted", () => {
    const { unmount } = renderWithStore(<PostActions {...postActionsProps()} />);
    expect(screen.queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    unmount();
    const second = renderWithStore(<PostActions {...postActionsProps({ canEdit: true, canDelete: true })} />);
    expect(screen.getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete" })).toBeInTheDocument();
    second.unmount();
    renderWithStore(
      <PostActions
        {...postActionsProps({ recordType: "discussion", recordID: 3, canEdit: true, canDelete: true })}
      />,
    );
    expect(screen.queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
  });

  it("shows no second date (the post's header has it) and offers Copy Link", () => {
    renderWithStore(<PostActions {...postActionsProps()} />);
    expect(document.querySelector("time")).toBeNull();
    expect(screen.getByRole("button", { name: "Copy Link" })).toBeInTheDocument();
  });
});

describe("Share", () => {
  it("copies the link with utm_source and confirms with a toast", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<PostActions {...postActionsProps()} />);
    await user.click(screen.getByRole("button", { name: "Share" }));
    await user.click(screen.getByRole("menuitem", { name: "Copy Link" }));
    expect(await navigator.clipboard.readText()).toBe(
      "https://forum.test/discussion/comment/12?utm_source=community-share#Comment_12",
    );
    expect(toastMessages(store)).toContain("Link copied to clipboard.");
  });

  it("the permalink copy button copies the same link", async () => {
    const user = userEvent.setup();
    const { store } = renderWithStore(<PostActions {...postActionsProps()} />);
    await user.click(screen.getByRole("button", { name: "Copy Link" }));
    expect(await navigator.clipboard.readText()).toContain("utm_source=community-share");
    expect(toastMessages(store)).toEqual(["Link copied to clipboard."]);
  });

  it("Email Link is a mailto with the title as subject and the link as body", async () => {
    const user = userEvent.setup();
    renderWithStore(<PostActions {...postActionsProps()} />);
    await user.click(screen.getByRole("button", { name: "Share" }));
    const href = screen.getByRole("menuitem", { name: "Email Link" }).getAttribute("href") ?? "";
    expect(href.startsWith("mailto:?")).toBe(true);
    const params = new URLSearchParams(href.slice("mailto:?".length));
    expect(params.get("subject")).toBe("Hello & welcome");
    expect(params.get("body")).toBe(
      "https://forum.test/discussion/comment/12?utm_source=community-share#Comment_12",
    );
  });

  it("lists the items add-ons contribute to the Share menu, each told the post it shares, and none when there are none", async () => {
    function TestShareItem({ via }: { via: string }) {
      const { name, sharedUrl } = useSharedPost();
      return (
        <DropDownItemLink
          href={`/elsewhere?via=${via}&title=${encodeURIComponent(name)}&u=${encodeURIComponent(sharedUrl)}`}
        >
          Share Elsewhere
        </DropDownItemLink>
      );
    }
    registerComponent("TestShareItem", TestShareItem);
    const user = userEvent.setup();
    const shareItems = [{ $reactComponent: "TestShareItem", $reactProps: { via: "test" } }];
    const { unmount } = renderWithStore(<PostActions {...postActionsProps({ shareItems } as never)} />);
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(screen.getByRole("menuitem", { name: "Share Elsewhere" })).toHaveAttribute(
      "href",
      `/elsewhere?via=test&title=${encodeURIComponent("Hello & welcome")}&u=${encodeURIComponent(
        "https://forum.test/discussion/comment/12?utm_source=community-share#Comment_12",
      )}`,
    );
    unmount();
    renderWithStore(<PostActions {...postActionsProps()} />);
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(screen.getByRole("menuitem", { name: "Email Link" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Share Elsewhere" })).not.toBeInTheDocument();
  });
});

describe("Quote and Reply", () => {
  it("Quote fetches the comment's quote and inserts it into the page's composer, focused", async () => {
    api = mockApi(({ url }) =>
      url === "comments/12/quote"
        ? {
            data: {
              commentID: 12,
              bodyRaw: [{ type: "p", children: [{ text: "Quoted words" }] }],
              dateInserted: "2025-03-01T10:00:00Z",
              dateUpdated: null,
              insertUser: { userID: 7, name: "Ada", photoUrl: "/ada.png", url: "/profile/Ada" },
              url: "https://forum.test/discussion/comment/12#Comment_12",
              format: "rich2",
            },
          }
        : { status: 404, data: { message: "Not found", status: 404 } },
    );
    const user = userEvent.setup();
    const store = createAppStore();
    renderWithStore(
      <>
        <PostActions {...postActionsProps()} />
        <CommentComposer discussionID={3} closed={false} canComment />
      </>,
      { store },
    );
    const editor = await screen.findByRole("textbox", { name: "Comment" });
    await user.click(screen.getByRole("button", { name: "Quote" }));
    const quote = await screen.findByLabelText("Quote of Ada");
    expect(quote).toHaveTextContent("Quoted words");
    expect(quote).toHaveAttribute("data-url", "https://forum.test/discussion/comment/12#Comment_12");
    expect(editor).toHaveFocus();
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "GET comments/12/quote",
    ]);
  });

  it("quotes a discussion in another format as one paragraph of its text", async () => {
    api = mockApi(() => ({
      data: {
        discussionID: 3,
        name: "Hello",
        bodyRaw: "**Markdown** body",
        dateInserted: "2025-03-01T10:00:00Z",
        dateUpdated: null,
        insertUser: { userID: 8, name: "Grace", photoUrl: "/g.png", url: "/profile/Grace" },
        url: "https://forum.test/discussion/3/hello",
        format: "markdown",
      },
    }));
    const user = userEvent.setup();
    renderWithStore(
      <>
        <PostActions {...postActionsProps({ recordType: "discussion", recordID: 3 })} />
        <CommentComposer discussionID={3} closed={false} canComment />
      </>,
    );
    await screen.findByRole("textbox", { name: "Comment" });
    await user.click(screen.getByRole("button", { name: "Quote" }));
    expect(await screen.findByLabelText("Quote of Grace")).toHaveTextContent("**Markdown** body");
    expect(api.requests[0]?.url).toBe("discussions/3/quote");
  });

  it("a failed quote shows an error toast with the API message", async () => {
    api = mockApi(() => ({ status: 403, data: { message: "Permission denied.", status: 403 } }));
    const user = userEvent.setup();
    const { store } = renderWithStore(<PostActions {...postActionsProps()} />);
    await user.click(screen.getByRole("button", { name: "Quote" }));
    expect(toastMessages(store)).toEqual(["Permission denied."]);
  });

  it("Reply focuses the composer", async () => {
    const user = userEvent.setup();
    renderWithStore(
      <>
        <PostActions {...postActionsProps()} />
        <CommentComposer discussionID={3} closed={false} canComment />
      </>,
    );
    const editor = await screen.findByRole("textbox", { name: "Comment" });
    await user.click(screen.getByRole("button", { name: "Reply" }));
    expect(editor).toHaveFocus();
  });
});

describe("Edit", () => {
  it("shows the remaining time, refreshed every 10 s above a minute, every 5 s below, then disappears", () => {
    jest.useFakeTimers({ now: new Date("2025-03-01T10:00:00Z") });
    renderWithStore(
      <PostActions {...postActionsProps({ canEdit: true, editableUntil: "2025-03-01T10:01:15Z" })} />,
    );
    expect(screen.getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(screen.getByText("1 minute remaining")).toBeInTheDocument();

    // 75 s left: the next refresh is 10 s away, not sooner.
    act(() => jest.advanceTimersByTime(9999));
    expect(screen.getByText("1 minute remaining")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText("1 minute remaining")).toBeInTheDocument(); // 65 s
    act(() => jest.advanceTimersByTime(10000));
    expect(screen.getByText("55 seconds remaining")).toBeInTheDocument();
    // Under a minute: every 5 s.
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText("55 seconds remaining")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText("50 seconds remaining")).toBeInTheDocument();

    // Each tick schedules the next once React has rendered it, so step through tick by tick.
    for (let tick = 0; tick < 10; tick++) act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByText(/remaining/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
  });

  it("shows no time text without a limit", () => {
    renderWithStore(<PostActions {...postActionsProps({ canEdit: true, editableUntil: null })} />);
    expect(screen.getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(screen.queryByText(/remaining/)).not.toBeInTheDocument();
  });

  it("edits inline from GET comments/{id}/edit, PATCHes rich2 and reloads at the comment", async () => {
    api = mockApi(({ method, url }) => {
      if (method === "GET" && url === "comments/12/edit") {
        return {
          data: {
            commentID: 12,
            discussionID: 3,
            parentRecordType: "discussion",
            parentRecordID: 3,
            body: "Old text",
            format: "text",
          },
        };
      }
      if (method === "PATCH" && url === "comments/12") {
        return { data: { commentID: 12, url: "https://forum.test/discussion/comment/12#Comment_12" } };
      }
      return { status: 404, data: { message: "Not found", status: 404 } };
    });
    const user = userEvent.setup();
    renderWithStore(<PostActions {...postActionsProps({ canEdit: true })} />);
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const editor = await screen.findByRole("textbox", { name: "Edit Comment" });
    expect(editor).toHaveValue("Old text");
    await user.clear(editor);
    await user.type(editor, "New text");
    await user.click(screen.getByRole("button", { name: "Save Comment" }));
    expect(navigate).toHaveBeenCalledWith("https://forum.test/discussion/comment/12#Comment_12");
    const patch = api.requests.find((request) => request.method === "PATCH");
    expect(patch?.data).toEqual({
      body: JSON.stringify([{ type: "p", children: [{ text: "New text" }] }]),
      format: "rich2",
    });
  });
});

describe("Delete comment", () => {
  it("confirms, deletes, removes the comment from the page and says so", async () => {
    api = mockApi(() => ({ status: 204 }));
    const host = document.createElement("div");
    host.id = "Comment_12";
    document.body.appendChild(host);
    const user = userEvent.setup();
    const { store } = renderWithStore(<PostActions {...postActionsProps({ canDelete: true })} />, {
      container: host,
    });
    await user.click(screen.getByRole("button", { name: "Delete" }));
    // The dialog's code is fetched on the first press.
    const dialog = await screen.findByRole("dialog", { name: "Delete Comment" });
    expect(within(dialog).getByText("Are you sure you want to delete this comment?")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual(["DELETE comments/12"]);
    expect(document.getElementById("Comment_12")).toBeNull();
    expect(toastMessages(store)).toContain("Comment deleted.");
  });

  it("Cancel keeps the comment and sends nothing", async () => {
    api = mockApi(() => ({ status: 204 }));
    const user = userEvent.setup();
    renderWithStore(<PostActions {...postActionsProps({ canDelete: true })} />);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });
});
