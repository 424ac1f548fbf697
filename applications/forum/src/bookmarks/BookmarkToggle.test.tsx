import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, type MockReply } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { BookmarkToggle } from "./BookmarkToggle";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const toggle = () => screen.getByRole("button", { name: "Bookmark" });
const iconState = () => toggle().querySelector("svg")?.getAttribute("data-state");

describe("BookmarkToggle", () => {
  it("renders nothing for guests", () => {
    renderWithStore(<BookmarkToggle discussionID={3} bookmarked={false} signedIn={false} />);
    expect(screen.queryByRole("button", { name: "Bookmark" })).not.toBeInTheDocument();
  });

  it("flips at once, is disabled and 'bookmarking' while in flight, then 'bookmarked'", async () => {
    const user = userEvent.setup();
    let release: (reply: MockReply) => void = () => undefined;
    const reply = new Promise<MockReply>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    api = mockApi((request) => (++calls === 1 ? reply : { data: request.data }));
    renderWithStore(<BookmarkToggle discussionID={3} bookmarked={false} signedIn />);
    expect(toggle()).toHaveAttribute("aria-pressed", "false");
    expect(iconState()).toBe("normal");
    await user.click(toggle());
    expect(toggle()).toHaveAttribute("aria-pressed", "true");
    expect(toggle()).toBeDisabled();
    expect(iconState()).toBe("bookmarking");
    expect(api.requests).toEqual([
      expect.objectContaining({ method: "PUT", url: "discussions/3/bookmark", data: { bookmarked: true } }),
    ]);
    await act(async () => {
      release({ data: { bookmarked: true } });
      await reply;
    });
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(iconState()).toBe("bookmarked");
    // The opposite value next time.
    await user.click(toggle());
    await waitFor(() => expect(toggle()).toHaveAttribute("aria-pressed", "false"));
    expect(api.requests[1]).toMatchObject({ data: { bookmarked: false } });
  });

  it("flips back on failure and shows the dismissible bookmark toast", async () => {
    const user = userEvent.setup();
    api = mockApi(() => ({ status: 500, data: { message: "Something went wrong.", status: 500 } }));
    const { store } = renderWithStore(<BookmarkToggle discussionID={4} bookmarked signedIn />);
    await user.click(toggle());
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(toggle()).toHaveAttribute("aria-pressed", "true");
    expect(iconState()).toBe("bookmarked");
    expect(store.getState().toasts.items).toEqual([
      expect.objectContaining({
        message: "There was a problem bookmarking this discussion.",
        type: "error",
        dismissible: true,
      }),
    ]);
  });
});
