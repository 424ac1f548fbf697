import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { DiscussionListItem } from "@applications/forum/src/layouts/DiscussionListItem";
import { DiscussionListTabs } from "@applications/forum/src/layouts/DiscussionListTabs";
import { MarkReadButton } from "@applications/forum/src/readState/MarkReadButton";
import { makeDiscussion, makeUserFragment } from "@applications/forum/src/layouts/testing/layoutFixtures";

function renderRow(overrides: Parameters<typeof makeDiscussion>[0]) {
  return renderWithStore(
    <ul>
      <DiscussionListItem discussion={makeDiscussion(overrides)} />
    </ul>,
  );
}

describe("DiscussionListItem", () => {
  it("marks a discussion never opened as New and links it to its top", () => {
    renderRow({ discussionID: 5, unread: true, countUnread: 3, countComments: 3, dateLastViewed: null });
    expect(screen.getByText("New")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Discussion 5" })).toHaveAttribute(
      "href",
      "/discussion/5/discussion-5",
    );
  });

  it("counts unread comments of a returning member and leads to the first of them", () => {
    renderRow({
      discussionID: 6,
      unread: true,
      countUnread: 2,
      countComments: 5,
      dateLastViewed: "2025-03-01T12:00:00+00:00",
    });
    expect(screen.getByText("2 new")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Discussion 6" })).toHaveAttribute(
      "href",
      "/discussion/unread/6",
    );
  });

  it("shows no marker when read, and who started it and who replied last", () => {
    renderRow({
      unread: false,
      countComments: 4,
      insertUser: makeUserFragment({ userID: 2, name: "Starter" }),
      lastUser: makeUserFragment({ userID: 3, name: "Replier", url: "/profile/Replier" }),
    });
    expect(screen.queryByText("New")).not.toBeInTheDocument();
    expect(screen.getByText(/Most recent by/)).toHaveTextContent("Most recent by Replier");
    expect(screen.getByText(/Started by/)).toHaveTextContent("Started by Starter");
    expect(screen.getByText(/comments/)).toHaveTextContent("4 comments");
  });

  it("labels announcements and closed discussions", () => {
    renderRow({ pinned: true, closed: true });
    expect(screen.getByText("Announcement")).toBeInTheDocument();
    expect(screen.getByText("Closed")).toBeInTheDocument();
    expect(screen.getByText(/Started by/)).toBeInTheDocument();
  });
});

describe("DiscussionListTabs", () => {
  it("offers the five sorts to everyone, marking the current one", () => {
    renderWithStore(
      <DiscussionListTabs filters={{ sort: "-score", signedIn: false }} listUrl="/discussions" />,
    );
    const sorts = within(screen.getByRole("navigation", { name: "Sort discussions" })).getAllByRole("link");
    expect(sorts.map((link) => link.textContent)).toEqual(["Recent", "Newest", "Top", "Hot", "Oldest"]);
    expect(screen.getByRole("link", { name: "Top" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Newest" })).toHaveAttribute(
      "href",
      "/discussions?sort=-dateInserted",
    );
    expect(screen.queryByRole("navigation", { name: "Filter discussions" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark All Read" })).not.toBeInTheDocument();
  });

  it("offers members the Unread and New filters, keeping the sort", () => {
    renderWithStore(
      <DiscussionListTabs
        filters={{ sort: "-dateInserted", signedIn: true, readState: "unread", categoryID: 4 }}
        listUrl="/categories/general"
      />,
    );
    expect(screen.getByRole("link", { name: "Unread" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "New" })).toHaveAttribute(
      "href",
      "/categories/general?sort=-dateInserted&readState=new",
    );
    expect(screen.getByRole("button", { name: "Mark Category Read" })).toBeInTheDocument();
  });
});

describe("MarkReadButton", () => {
  it("marks everything read, then reports it", async () => {
    const api = mockApi(() => ({ status: 204 }));
    const marked = jest.fn();
    renderWithStore(<MarkReadButton onMarked={marked} />);
    fireEvent.click(screen.getByRole("button", { name: "Mark All Read" }));
    await waitFor(() => expect(marked).toHaveBeenCalled());
    expect(api.requests).toMatchObject([{ method: "PUT", url: "categories/read" }]);
    api.restore();
  });

  it("shows the server's message when marking fails", async () => {
    const api = mockApi(() => ({ status: 403, data: { message: "Permission Problem", status: 403 } }));
    renderWithStore(<MarkReadButton categoryID={4} onMarked={() => undefined} />);
    fireEvent.click(screen.getByRole("button", { name: "Mark Category Read" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Permission Problem");
    expect(api.requests).toMatchObject([{ method: "PUT", url: "categories/4/read" }]);
    api.restore();
  });
});
