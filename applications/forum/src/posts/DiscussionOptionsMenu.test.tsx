import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { DiscussionOptionsMenu, type DiscussionOptionsMenuProps } from "./DiscussionOptionsMenu";

jest.mock("@library/src/routing/pageNavigation");

const navigate = jest.mocked(fullPageNavigate);
let api: ReturnType<typeof mockApi> | null = null;

function props(overrides: Partial<DiscussionOptionsMenuProps> = {}): DiscussionOptionsMenuProps {
  return {
    discussion: {
      discussionID: 3,
      name: "Hello",
      url: "/discussion/3/hello",
      closed: false,
      sink: true,
      pinned: false,
      categoryID: 2,
    },
    categoryUrl: "/categories/general",
    can: { edit: true, delete: true, close: true, sink: true },
    editableUntil: null,
    ...overrides,
  };
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Discussion Options" }));
  return screen.getByRole("menu", { name: "Discussion Options" });
}

beforeEach(() => {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: 1400 });
  navigate.mockReset();
});
afterEach(() => {
  api?.restore();
  api = null;
  jest.useRealTimers();
});

describe("DiscussionOptionsMenu", () => {
  it("links moderators to Revision History and Deleted Comments after a separator", async () => {
    const user = userEvent.setup();
    renderWithStore(
      <DiscussionOptionsMenu
        {...props({ can: { edit: false, delete: true, close: false, sink: false, log: true } })}
      />,
    );
    const menu = await openMenu(user);
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Delete", "Revision History", "Deleted Comments"]);
    expect(within(menu).getByRole("menuitem", { name: "Revision History" })).toHaveAttribute(
      "href",
      "/log/filter?recordType=discussion&recordID=3",
    );
    expect(within(menu).getByRole("menuitem", { name: "Deleted Comments" })).toHaveAttribute(
      "href",
      "/log/filter?parentRecordID=3&recordType=comment&operation=delete",
    );
  });

  it("lists Edit, Delete, then the status group, when all are permitted", async () => {
    const user = userEvent.setup();
    renderWithStore(<DiscussionOptionsMenu {...props()} />);
    const menu = await openMenu(user);
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Edit", "Delete", "Close", "Sink✓"]);
    expect(within(menu).getByRole("separator")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Edit" })).toHaveAttribute(
      "href",
      "/post/editdiscussion/3",
    );
  });

  it("shows only the permitted items, and nothing without any permission", async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithStore(
      <DiscussionOptionsMenu {...props({ can: { edit: false, delete: false, close: true, sink: false } })} />,
    );
    const menu = await openMenu(user);
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Close"]);
    expect(within(menu).queryByRole("separator")).not.toBeInTheDocument();
    unmount();
    renderWithStore(
      <DiscussionOptionsMenu
        {...props({ can: { edit: false, delete: false, close: false, sink: false } })}
      />,
    );
    expect(screen.queryByRole("button", { name: "Discussion Options" })).not.toBeInTheDocument();
  });

  it("shows the remaining edit time, and drops Edit when the window closes", async () => {
    jest.useFakeTimers({ now: new Date("2025-03-01T10:00:00Z") });
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderWithStore(<DiscussionOptionsMenu {...props({ editableUntil: "2025-03-01T10:05:00Z" })} />);
    const menu = await openMenu(user);
    expect(within(menu).getByRole("menuitem", { name: /Edit/ })).toHaveTextContent("Edit5 minutes remaining");
    await user.keyboard("{Escape}");
    jest.setSystemTime(new Date("2025-03-01T10:06:00Z"));
    await user.click(screen.getByRole("button", { name: "Discussion Options" }));
    // The next 10 s tick notices the window has closed.
    act(() => jest.advanceTimersByTime(10000));
    expect(
      within(screen.getByRole("menu")).queryByRole("menuitem", { name: /Edit/ }),
    ).not.toBeInTheDocument();
  });

  it("Delete asks first, then deletes and goes to the category", async () => {
    api = mockApi(() => ({ status: 204 }));
    const user = userEvent.setup();
    renderWithStore(<DiscussionOptionsMenu {...props()} />);
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Discussion" });
    expect(within(dialog).getByText("Are you sure you want to delete this discussion?")).toBeInTheDocument();
    expect(api.requests).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(api.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      "DELETE discussions/3",
    ]);
    expect(navigate).toHaveBeenCalledWith("/categories/general");
  });

  it("a failed delete shows the API message and stays", async () => {
    api = mockApi(() => ({
      status: 403,
      data: { message: "You don't have permission to do that.", status: 403 },
    }));
    const user = userEvent.setup();
    const { store } = renderWithStore(<DiscussionOptionsMenu {...props()} />);
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: "Delete" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().toasts.items).toEqual([
      expect.objectContaining({ message: "You don't have permission to do that.", type: "error" }),
    ]);
  });

  it.each([
    ["Close", { closed: true }],
    ["Sink", { sink: false }],
  ])("%s sends the opposite value and reloads the page", async (item, body) => {
    api = mockApi(() => ({ data: { discussionID: 3 } }));
    const user = userEvent.setup();
    renderWithStore(<DiscussionOptionsMenu {...props()} />);
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: new RegExp(`^${item}`) }));
    expect(api.requests).toEqual([
      expect.objectContaining({ method: "PATCH", url: "discussions/3", data: body }),
    ]);
    expect(navigate).toHaveBeenCalledWith(window.location.href.replace(/#.*$/, ""));
  });

  it("reopening a closed discussion sends closed: false; a failure shows an error toast", async () => {
    api = mockApi(() => ({ status: 422, data: { message: "Nope.", status: 422 } }));
    const user = userEvent.setup();
    const base = props();
    const { store } = renderWithStore(
      <DiscussionOptionsMenu {...props({ discussion: { ...base.discussion, closed: true } })} />,
    );
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: /^Close/ }));
    expect(api.requests[0]?.data).toEqual({ closed: false });
    expect(navigate).not.toHaveBeenCalled();
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual(["Nope."]);
  });
});
