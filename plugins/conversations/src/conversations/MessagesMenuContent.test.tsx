import { screen, within } from "@testing-library/react";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { makeConversation, makeUser } from "../testing/conversationFixtures";
import { MessagesMenuContent } from "./MessagesMenuContent";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("MessagesMenuContent", () => {
  it("lists the latest conversations with the unread ones marked, New Message and All Messages", async () => {
    api = mockApi(() => ({
      data: [
        makeConversation({ conversationID: 7, name: "Unread one", unread: true, countUnread: 2 }),
        makeConversation({ conversationID: 8, name: "Read one" }),
      ],
    }));
    renderWithStore(<MessagesMenuContent />);
    const list = await screen.findByRole("list", { name: "Messages" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveClass("isUnread");
    expect(within(items[0] as HTMLElement).getByText("Unread")).toBeInTheDocument();
    expect(items[1]).not.toHaveClass("isUnread");
    expect(within(items[1] as HTMLElement).queryByText("Unread")).not.toBeInTheDocument();
    expect(within(list).getByRole("link", { name: /Unread one/ })).toHaveAttribute("href", "/messages/7");
    expect(within(items[1] as HTMLElement).getByText("See you & the team")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Messages" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New Message" })).toHaveAttribute("href", "/messages/add");
    expect(screen.getByRole("link", { name: "All Messages" })).toHaveAttribute("href", "/messages");
    expect(api.requests).toEqual([
      expect.objectContaining({
        method: "GET",
        url: "conversations",
        params: { limit: 10, expand: "lastInsertUser" },
      }),
    ]);
  });

  it("shows who wrote each conversation's last message: their photo and name before the excerpt", async () => {
    api = mockApi(() => ({
      data: [
        makeConversation({
          conversationID: 7,
          name: "Trip",
          lastMessage: {
            insertUserID: 2,
            dateInserted: "2025-03-14T09:26:53+00:00",
            insertUser: makeUser(2, "Alice"),
          },
        }),
        makeConversation({ conversationID: 8, name: "Party" }),
      ],
    }));
    const { container } = renderWithStore(<MessagesMenuContent />);
    const list = await screen.findByRole("list", { name: "Messages" });
    const [trip, party] = within(list).getAllByRole("listitem");
    expect(within(trip as HTMLElement).getByText("Alice:")).toHaveClass("messagesMenu-author");
    expect(within(party as HTMLElement).getByText("Bob:")).toHaveClass("messagesMenu-author");
    expect(within(trip as HTMLElement).getByRole("link")).toHaveTextContent(/^TripAlice: See you & the team/);
    const photos = Array.from(container.querySelectorAll("img.messagesMenu-photo"));
    expect(photos.map((photo) => photo.getAttribute("src"))).toEqual(["/avatars/2.png", "/avatars/3.png"]);
  });

  it("fetches once for every mounted menu (no request storm)", async () => {
    api = mockApi(() => ({ data: [] }));
    const { store } = renderWithStore(
      <>
        <MessagesMenuContent />
        <MessagesMenuContent showTitle={false} />
      </>,
    );
    expect(await screen.findAllByText("There are no messages yet.")).toHaveLength(2);
    expect(screen.getAllByRole("heading", { name: "Messages" })).toHaveLength(1);
    renderWithStore(<MessagesMenuContent />, { store });
    expect(api.requests).toHaveLength(1);
  });

  it("shows the error message when the list cannot load", async () => {
    api = mockApi(() => ({ status: 500, data: { message: "Something went wrong.", status: 500 } }));
    renderWithStore(<MessagesMenuContent />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong.");
    expect(screen.getByRole("link", { name: "All Messages" })).toBeInTheDocument();
  });
});
