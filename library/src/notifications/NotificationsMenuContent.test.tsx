import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { selectCurrentUser } from "@library/src/currentUser/currentUserSlice";
import { NotificationsMenuContent } from "@library/src/notifications/NotificationsMenuContent";
import { makeNotification, signedInState } from "@library/src/notifications/notificationsTestData";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";

describe("NotificationsMenuContent", () => {
  let api: ReturnType<typeof mockApi> | null = null;
  afterEach(() => api?.restore());

  it("lists the latest notifications with unread ones marked, and marks all read", async () => {
    api = mockApi((request) =>
      request.method === "GET"
        ? { data: [makeNotification(2), makeNotification(1, { read: true })] }
        : { status: 204 },
    );
    const { store } = renderWithStore(<NotificationsMenuContent />, {
      preloadedState: signedInState({ counts: { UnreadNotifications: 1 } }),
    });
    expect(screen.getByRole("heading", { name: "Notifications" })).toBeInTheDocument();
    const items = await screen.findAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveClass("isUnread");
    expect(items[1]).not.toHaveClass("isUnread");
    const link = within(items[0]!).getByRole("link");
    expect(link).toHaveAttribute("href", "/notifications/2/read");
    expect(link).toHaveTextContent("Bob commented on Thread 2.");
    expect(link.querySelector("b")).toHaveTextContent("Bob");
    expect(screen.getByRole("link", { name: "All Notifications" })).toHaveAttribute("href", "/notifications");

    await userEvent.click(screen.getByRole("button", { name: "Mark All Read" }));
    await waitFor(() => expect(screen.getAllByRole("listitem")[0]).not.toHaveClass("isUnread"));
    expect(api.requests.at(-1)).toMatchObject({
      method: "PATCH",
      url: "notifications",
      data: { read: true },
    });
    expect(selectCurrentUser(store.getState()).counts.UnreadNotifications).toBe(0);
    expect(screen.getByRole("button", { name: "Mark All Read" })).toBeDisabled();
  });

  it("says when there are none, without a title in the side panel", async () => {
    api = mockApi(() => ({ data: [] }));
    renderWithStore(<NotificationsMenuContent showTitle={false} />, { preloadedState: signedInState() });
    expect(await screen.findByText("There are no notifications yet.")).toBeInTheDocument();
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
  });

  it("shows the error when the list cannot load", async () => {
    api = mockApi(() => ({ status: 500, data: { message: "The server is down.", status: 500 } }));
    renderWithStore(<NotificationsMenuContent />, { preloadedState: signedInState() });
    expect(await screen.findByRole("alert")).toHaveTextContent("The server is down.");
  });
});
