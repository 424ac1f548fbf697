import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { DiscussionOptionsMenu, type DiscussionOptionsMenuProps } from "./DiscussionOptionsMenu";

jest.mock("@library/src/routing/pageNavigation");

const navigate = jest.mocked(fullPageNavigate);
let api: ReturnType<typeof mockApi> | null = null;

const NONE = { edit: false, delete: false, close: false, sink: false };
const ALL = {
  edit: true,
  delete: true,
  close: true,
  sink: true,
  log: true,
  announce: true,
  move: true,
  changeType: true,
  changeAuthor: true,
  resolve: true,
  bump: true,
  mute: true,
  dismiss: true,
  collections: true,
};

function props(overrides: Partial<DiscussionOptionsMenuProps> = {}): DiscussionOptionsMenuProps {
  return {
    discussion: {
      discussionID: 3,
      name: "Hello",
      url: "/discussion/3/hello",
      closed: false,
      sink: false,
      pinned: true,
      pinLocation: "category",
      categoryID: 2,
      type: "discussion",
      muted: false,
      dismissed: false,
      resolved: false,
    },
    categoryUrl: "/categories/general",
    can: ALL,
    editableUntil: null,
    postTypes: [{ type: "discussion", label: "Discussion" }],
    integrationActions: [],
    ...overrides,
  };
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Discussion Options" }));
  return screen.getByRole("menu", { name: "Discussion Options" });
}

function itemNames(menu: HTMLElement): string[] {
  return within(menu)
    .getAllByRole("menuitem")
    .map((item) => item.textContent ?? "");
}

beforeEach(() => {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: 1400 });
  navigate.mockReset();
});
afterEach(() => {
  api?.restore();
  api = null;
});

describe("DiscussionOptionsMenu groups", () => {
  it("lists every SPEC 2 item in its group, separated, when all are permitted", async () => {
    const user = userEvent.setup();
    renderWithStore(
      <DiscussionOptionsMenu
        {...props({
          integrationActions: [
            <button key="jira" type="button" role="menuitem">
              Create Ticket
            </button>,
          ],
        })}
      />,
    );
    const menu = await openMenu(user);
    expect(itemNames(menu)).toEqual([
      "Edit",
      "Unpin",
      "Delete",
      "Announce",
      "Move Post",
      "Change Post Type",
      "Change Author",
      "Close",
      "Sink",
      "Resolve",
      "Mute",
      "Dismiss",
      "Bump",
      "Add to Collection",
      "Create Ticket",
      "Revision History",
      "Deleted Comments",
    ]);
    expect(within(menu).getAllByRole("separator")).toHaveLength(5);
  });

  it.each([
    ["announce", ["Unpin", "Announce"]],
    ["move", ["Move Post"]],
    ["changeType", ["Change Post Type"]],
    ["changeAuthor", ["Change Author"]],
    ["resolve", ["Resolve"]],
    ["bump", ["Bump"]],
    ["mute", ["Mute"]],
    ["dismiss", ["Dismiss"]],
    ["collections", ["Add to Collection"]],
  ] as const)("shows %s's items only with that permission", async (permission, items) => {
    const user = userEvent.setup();
    const { unmount } = renderWithStore(
      <DiscussionOptionsMenu {...props({ can: { ...NONE, [permission]: true } })} />,
    );
    expect(itemNames(await openMenu(user))).toEqual(items);
    unmount();
    renderWithStore(<DiscussionOptionsMenu {...props({ can: { ...ALL, [permission]: false } })} />);
    const names = itemNames(await openMenu(user));
    for (const item of items) expect(names).not.toContain(item);
  });

  it("offers Unpin and Dismiss only for an announcement", async () => {
    const user = userEvent.setup();
    const base = props();
    renderWithStore(
      <DiscussionOptionsMenu {...props({ discussion: { ...base.discussion, pinned: false } })} />,
    );
    const names = itemNames(await openMenu(user));
    expect(names).not.toContain("Unpin");
    expect(names).not.toContain("Dismiss");
    expect(names).toContain("Announce");
  });

  it.each([
    ["Mute", false, "PUT", "discussions/3/mute", { muted: true }, "Discussion has been muted."],
    ["Mute", true, "PUT", "discussions/3/mute", { muted: false }, "Discussion has been unmuted."],
    [
      "Dismiss",
      false,
      "PUT",
      "discussions/3/dismiss",
      { dismissed: true },
      "Success. Announcement has been dismissed.",
    ],
    ["Dismiss", true, "PUT", "discussions/3/dismiss", { dismissed: false }, "Success. Dismissal cancelled."],
  ] as const)(
    "%s (on: %s) sends the opposite value and says so",
    async (item, on, method, url, body, message) => {
      api = mockApi((request) => ({ data: request.data }));
      const user = userEvent.setup();
      const base = props();
      const field = item === "Mute" ? "muted" : "dismissed";
      const { store } = renderWithStore(
        <DiscussionOptionsMenu {...props({ discussion: { ...base.discussion, [field]: on } })} />,
      );
      await user.click(within(await openMenu(user)).getByRole("menuitem", { name: new RegExp(`^${item}`) }));
      await waitFor(() =>
        expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([message]),
      );
      expect(api.requests).toEqual([expect.objectContaining({ method, url, data: body })]);
      expect(navigate).not.toHaveBeenCalled();
      // The item now shows the new state, and the next click sends the opposite again.
      await user.click(within(await openMenu(user)).getByRole("menuitem", { name: new RegExp(`^${item}`) }));
      await waitFor(() => expect(api!.requests).toHaveLength(2));
      expect(api.requests[1]?.data).toEqual({ [field]: on });
    },
  );

  it("Bump says 'Success! This post has been bumped.'; a failure stays as a dismissible error toast", async () => {
    let fail = false;
    api = mockApi(() =>
      fail
        ? {
            status: 403,
            data: {
              message: "Permission Problem",
              status: 403,
              description: "You need the curation.manage permission to do that.",
            },
          }
        : { data: { discussionID: 3 } },
    );
    const user = userEvent.setup();
    const { store } = renderWithStore(<DiscussionOptionsMenu {...props()} />);
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: "Bump" }));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
        "Success! This post has been bumped.",
      ]),
    );
    expect(api.requests[0]).toMatchObject({ method: "PATCH", url: "discussions/3/bump" });
    fail = true;
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: "Bump" }));
    await waitFor(() => expect(store.getState().toasts.items).toHaveLength(2));
    expect(store.getState().toasts.items[1]).toMatchObject({
      message: "You need the curation.manage permission to do that.",
      type: "error",
      persistent: true,
      dismissible: true,
    });
  });

  it.each([
    ["Resolve", { resolved: true }],
    ["Unpin", { pinned: false }],
  ])("%s sends the opposite value and reloads", async (item, body) => {
    api = mockApi(() => ({ data: { discussionID: 3 } }));
    const user = userEvent.setup();
    renderWithStore(<DiscussionOptionsMenu {...props()} />);
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: new RegExp(`^${item}`) }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(api.requests).toEqual([
      expect.objectContaining({ method: "PATCH", url: "discussions/3", data: body }),
    ]);
  });

  it("Announce: picks a pin location with the keyboard and saves it", async () => {
    api = mockApi(() => ({ data: { discussionID: 3 } }));
    const user = userEvent.setup();
    const base = props();
    renderWithStore(
      <DiscussionOptionsMenu
        {...props({ discussion: { ...base.discussion, pinned: false, pinLocation: null } })}
      />,
    );
    // Keyboard: open the menu, move down to Announce, Enter.
    screen.getByRole("button", { name: "Discussion Options" }).focus();
    await user.keyboard("{Enter}");
    const menu = screen.getByRole("menu", { name: "Discussion Options" });
    within(menu).getByRole("menuitem", { name: "Announce" }).focus();
    await user.keyboard("{Enter}");
    const dialog = screen.getByRole("dialog", { name: "Announce" });
    expect(within(dialog).getByRole("radio", { name: "Don't announce" })).toBeChecked();
    await user.click(
      within(dialog).getByRole("radio", { name: "Announce in its category and on the recent discussions" }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(api.requests).toEqual([
      expect.objectContaining({
        method: "PATCH",
        url: "discussions/3",
        params: { expand: "category" },
        data: { pinned: true, pinLocation: "recent" },
      }),
    ]);
  });

  it("Move Post: searches categories, picks one with the arrow keys, leaves a redirect", async () => {
    api = mockApi((request) =>
      request.url === "categories/search"
        ? {
            data: [
              { categoryID: 2, name: "General", displayAs: "discussions", breadcrumbs: [] },
              {
                categoryID: 7,
                name: "News",
                displayAs: "discussions",
                breadcrumbs: [{ name: "Home", url: "/" }],
              },
              { categoryID: 8, name: "Newsroom", displayAs: "categories", breadcrumbs: [] },
            ],
          }
        : { data: { discussionID: 3 } },
    );
    const user = userEvent.setup();
    renderWithStore(<DiscussionOptionsMenu {...props()} />);
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: "Move Post" }));
    const dialog = screen.getByRole("dialog", { name: "Move Post" });
    expect(within(dialog).getByRole("button", { name: "Move" })).toBeDisabled();
    await user.type(within(dialog).getByRole("combobox", { name: "Category" }), "ne");
    // The current category and one that holds no discussions are not offered.
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole("option")
          .map((option) => option.textContent),
      ).toEqual(["NewsHome"]),
    );
    await user.keyboard("{ArrowDown}{Enter}");
    expect(within(dialog).getByRole("combobox", { name: "Category" })).toHaveValue("News");
    await user.click(within(dialog).getByRole("checkbox", { name: "Leave a redirect in the old category" }));
    await user.click(within(dialog).getByRole("button", { name: "Move" }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(api.requests[0]).toMatchObject({ url: "categories/search", params: { query: "ne", limit: 50 } });
    expect(api.requests.at(-1)).toMatchObject({
      method: "PATCH",
      url: "discussions/3",
      data: { categoryID: 7, addRedirects: true },
    });
  });

  it("Change Author: suggests members by name and saves the chosen one; a refusal is shown in the dialog", async () => {
    api = mockApi((request) =>
      request.url === "users/by-names"
        ? { data: [{ userID: 12, name: "Petra", dateLastActive: null }] }
        : {
            status: 403,
            data: {
              message: "Permission Problem",
              status: 403,
              description: "You need the site.manage permission to do that.",
            },
          },
    );
    const user = userEvent.setup();
    renderWithStore(<DiscussionOptionsMenu {...props()} />);
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: "Change Author" }));
    const dialog = screen.getByRole("dialog", { name: "Change Author" });
    await user.type(within(dialog).getByRole("combobox", { name: "New author" }), "pe");
    await user.click(await within(dialog).findByRole("option", { name: "Petra" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "You need the site.manage permission to do that.",
    );
    expect(api.requests[0]).toMatchObject({
      url: "users/by-names",
      params: { name: "pe*", order: "mention" },
    });
    expect(api.requests.at(-1)).toMatchObject({ method: "PATCH", data: { insertUserID: 12 } });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("Change Post Type lists the types the server sent and saves the new one", async () => {
    api = mockApi(() => ({ data: { discussionID: 3 } }));
    const user = userEvent.setup();
    renderWithStore(
      <DiscussionOptionsMenu
        {...props({
          postTypes: [
            { type: "discussion", label: "Discussion" },
            { type: "question", label: "Question" },
          ],
        })}
      />,
    );
    await user.click(within(await openMenu(user)).getByRole("menuitem", { name: "Change Post Type" }));
    const dialog = screen.getByRole("dialog", { name: "Change Post Type" });
    expect(
      within(dialog)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["discussion", "question"]);
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeDisabled();
    await user.click(within(dialog).getByRole("radio", { name: "Question" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(api.requests).toEqual([
      expect.objectContaining({ method: "PUT", url: "discussions/3/type", data: { type: "question" } }),
    ]);
  });
});
