import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import type { Discussion } from "@forum/api/discussions";
import { mockApi, type MockReply } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import {
  DiscussionListModule,
  type DiscussionListModuleProps,
} from "@applications/forum/src/layouts/DiscussionListModule";
import { makeDiscussion, makeUserFragment } from "@applications/forum/src/layouts/testing/layoutFixtures";

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const apiParams = { limit: 2, sort: "-dateLastComment", categoryID: 3, expand: "insertUser,category" };

function pageOf(page: number): Discussion[] {
  return [makeDiscussion({ discussionID: page * 10 + 1 }), makeDiscussion({ discussionID: page * 10 + 2 })];
}

function pageReply(page: number): MockReply {
  return {
    data: pageOf(page),
    headers: { "x-app-page-current": String(page), "x-app-page-limit": "2", "x-app-page-result-count": "6" },
  };
}

function renderList(props: Partial<DiscussionListModuleProps> = {}, initialEntry = "/discussions") {
  return renderWithStore(
    <MemoryRouter initialEntries={[initialEntry]}>
      <DiscussionListModule
        title="Recent Discussions"
        discussions={pageOf(1)}
        apiParams={apiParams}
        paging={{ page: 1, limit: 2, total: 6 }}
        listUrl="/discussions"
        {...props}
      />
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** A reply the test releases when it chooses. */
function deferred() {
  let release: (reply: MockReply) => void = () => undefined;
  const promise = new Promise<MockReply>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe("DiscussionListModule", () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it("renders each discussion with its links, author, category, count, date and badges", () => {
    restore = mockApi(() => ({ status: 500 })).restore;
    const discussions = [
      makeDiscussion({ discussionID: 1, name: "Pinned rules", pinned: true, countComments: 1540 }),
      makeDiscussion({
        discussionID: 2,
        name: "Old thread",
        closed: true,
        countComments: 1,
        insertUser: makeUserFragment({ name: "Carol", url: "/profile/Carol", photoUrl: "" }),
        category: { categoryID: 7, name: "Support", url: "/categories/support" },
      }),
    ];
    renderList({ discussions, paging: { page: 1, limit: 30, total: 2 } });

    expect(screen.getByRole("heading", { level: 2, name: "Recent Discussions" })).toBeInTheDocument();
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];

    expect(within(first).getByRole("link", { name: "Pinned rules" })).toHaveAttribute(
      "href",
      "/discussion/1/discussion-1",
    );
    expect(within(first).getByText("Announcement")).toBeInTheDocument();
    expect(within(first).queryByText("Closed")).not.toBeInTheDocument();
    expect(within(first).getByTitle("1,540")).toHaveTextContent("1.5k");
    expect(within(first).getByText(/comments/)).toBeInTheDocument();
    expect(within(first).getByRole("link", { name: "Alice" })).toHaveAttribute("href", "/profile/Alice");
    expect(within(first).getByRole("link", { name: "General" })).toHaveAttribute(
      "href",
      "/categories/general",
    );
    expect(first.querySelector("img")).toHaveAttribute("src", "https://cdn.example.com/alice.png");
    expect(first.querySelector("time")).toHaveAttribute("dateTime", "2025-03-02T10:00:00.000Z");

    expect(within(second).getByText("Closed")).toBeInTheDocument();
    expect(within(second).queryByText("Announcement")).not.toBeInTheDocument();
    expect(within(second).getByText("comment", { exact: false })).toHaveTextContent("1 comment");
    expect(within(second).getByRole("link", { name: "Support" })).toHaveAttribute(
      "href",
      "/categories/support",
    );
    expect(within(second).getByTestId("generic-avatar")).toBeInTheDocument();
    // One page only: no pager.
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  });

  it("falls back to the generic avatar when the photo fails to load", () => {
    restore = mockApi(() => ({ status: 500 })).restore;
    renderList({ discussions: [makeDiscussion()], paging: { page: 1, limit: 30, total: 1 } });
    const photo = screen.getByRole("listitem").querySelector("img");
    expect(photo).not.toBeNull();
    fireEvent.error(photo!);
    expect(screen.getByTestId("generic-avatar")).toBeInTheDocument();
  });

  it("says so when there are no discussions", () => {
    restore = mockApi(() => ({ status: 500 })).restore;
    renderList({ discussions: [], paging: { page: 1, limit: 30, total: 0 } });
    expect(screen.getByText("No discussions were found.")).toBeInTheDocument();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  it("fetches page 2 with the widget's query, shows it and puts ?page=2 in the address", async () => {
    const api = mockApi(() => pageReply(2));
    restore = api.restore;
    renderList();
    expect(screen.getByRole("link", { name: "Discussion 11" })).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Next Page" }));

    expect(await screen.findByRole("link", { name: "Discussion 21" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Discussion 11" })).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({
      method: "GET",
      url: "discussions",
      params: { ...apiParams, page: 2 },
    });
    expect(screen.getByTestId("location")).toHaveTextContent("/discussions?page=2");
    expect(screen.getByRole("button", { name: "3 - 4 of 6" })).toBeInTheDocument();

    // Back to the layout's own page: its data is shown again without a request.
    fireEvent.click(screen.getByRole("button", { name: "Previous Page" }));
    expect(screen.getByRole("link", { name: "Discussion 11" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/discussions?page=1");
    expect(api.requests).toHaveLength(1);
  });

  it("keeps the other query parameters of the address when it changes page", async () => {
    restore = mockApi(() => pageReply(2)).restore;
    renderList({}, "/discussions?sort=-score");
    fireEvent.click(screen.getByRole("button", { name: "Next Page" }));
    expect(await screen.findByRole("link", { name: "Discussion 21" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/discussions?sort=-score&page=2");
  });

  it("ignores a late answer for a page that is no longer shown", async () => {
    const replies = new Map([2, 3].map((page) => [page, deferred()]));
    const api = mockApi((request) => {
      const page = (request.params as { page: number }).page;
      const reply = replies.get(page);
      if (!reply) throw new Error(`unexpected page ${page}`);
      return reply.promise;
    });
    restore = api.restore;
    renderList();

    fireEvent.click(screen.getByRole("button", { name: "Next Page" }));
    fireEvent.click(screen.getByRole("button", { name: "Next Page" }));
    await waitFor(() =>
      expect(api.requests.map((request) => (request.params as { page: number }).page)).toEqual([2, 3]),
    );

    await act(async () => replies.get(3)?.release(pageReply(3)));
    expect(await screen.findByRole("link", { name: "Discussion 31" })).toBeInTheDocument();

    await act(async () => replies.get(2)?.release(pageReply(2)));
    expect(screen.getByRole("link", { name: "Discussion 31" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Discussion 21" })).not.toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/discussions?page=3");
  });

  it("shows the API's error message when a page cannot be loaded, and the pager to try again", async () => {
    let fail = true;
    restore = mockApi(() =>
      fail
        ? { status: 500, data: { message: "The discussions could not be loaded.", status: 500 } }
        : pageReply(2),
    ).restore;
    renderList();

    fireEvent.click(screen.getByRole("button", { name: "Next Page" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The discussions could not be loaded.");
    expect(screen.queryByRole("link", { name: "Discussion 11" })).not.toBeInTheDocument();

    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Previous Page" }));
    fireEvent.click(screen.getByRole("button", { name: "Next Page" }));
    expect(await screen.findByRole("link", { name: "Discussion 21" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("without a router (a server-rendered page) keeps the page itself and pushes ?page=n to the history", async () => {
    restore = mockApi(() => pageReply(2)).restore;
    window.history.replaceState(null, "", "/discussions");
    renderWithStore(
      <DiscussionListModule
        discussions={pageOf(1)}
        apiParams={apiParams}
        paging={{ page: 1, limit: 2, total: 6 }}
        listUrl="/discussions"
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Next Page" }));
    expect(await screen.findByRole("link", { name: "Discussion 21" })).toBeInTheDocument();
    expect(window.location.search).toBe("?page=2");
  });
});
