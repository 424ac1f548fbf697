import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { installBootstrap, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { mockApi } from "@library/src/testing/mockApi";
import { emptySearchForm } from "../../api/searchPageUrl";
import { searchResult } from "./searchFixtures";
import { SearchPage, type SearchPageProps } from "./SearchPage";

function props(overrides: Partial<SearchPageProps> = {}): SearchPageProps {
  return {
    form: { ...emptySearchForm(), query: "tomatoes" },
    results: [searchResult()],
    total: 45,
    error: null,
    categoryOptions: [{ value: 7, label: "Gardening" }],
    ...overrides,
  };
}

describe("SearchPage", () => {
  let api: ReturnType<typeof mockApi>;

  beforeEach(() => {
    installBootstrap({});
    window.history.replaceState(null, "", "/search?query=tomatoes");
    api = mockApi(() => ({
      data: [searchResult({ recordID: 9, name: "Compost basics" })],
      headers: { "x-app-page-result-count": "45", "x-app-page-current": "2", "x-app-page-limit": "20" },
    }));
  });
  afterEach(() => {
    api.restore();
    removeBootstrap();
  });

  it("shows the server's results without fetching them again, with marked excerpts and the pager", () => {
    render(<SearchPage {...props()} />);
    expect(api.requests).toHaveLength(0);
    expect(screen.getByRole("link", { name: "Growing tomatoes indoors" })).toBeInTheDocument();
    expect(screen.getByText("tomatoes", { selector: "mark" })).toBeInTheDocument();
    expect(screen.getByText("1 - 20 of 45")).toBeInTheDocument();
    expect(screen.getByText("45 results")).toBeInTheDocument();
  });

  it("pages, filters and sorts through the API and keeps the URL in step", async () => {
    const user = userEvent.setup();
    render(<SearchPage {...props()} />);
    await user.click(screen.getByRole("button", { name: "Next Page" }));
    expect(await screen.findByRole("link", { name: "Compost basics" })).toBeInTheDocument();
    expect(api.requests[0]?.params).toMatchObject({ query: "tomatoes", page: 2, limit: 20 });
    expect(window.location.search).toContain("page=2");
    await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "Gardening");
    expect(api.requests[1]?.params).toMatchObject({ categoryID: [7], page: 1 });
    expect(decodeURIComponent(window.location.search)).toContain("categoryID[0][value]=7");
    expect(decodeURIComponent(window.location.search)).toContain("categoryID[0][label]=Gardening");
    await user.selectOptions(screen.getByRole("combobox", { name: "Sort by" }), "Newest");
    expect(api.requests[2]?.params).toMatchObject({ sort: "-dateInserted" });
    await user.type(screen.getByRole("textbox", { name: "Author" }), "Margaret{Enter}");
    expect(api.requests[3]?.params).toMatchObject({ insertUserNames: ["Margaret"] });
    await user.type(screen.getByRole("textbox", { name: "Tags" }), "Seeds, Soil{Enter}");
    expect(api.requests[4]?.params).toMatchObject({ tags: ["Seeds", "Soil"] });
    expect(api.requests[4]?.params).not.toHaveProperty("tagOperator");
    expect(decodeURIComponent(window.location.search)).toContain("tags[1][value]=Soil");
    await user.type(screen.getByLabelText("From"), "2026-01-01");
    expect(api.requests.at(-1)?.params).toMatchObject({ dateInserted: ">=2026-01-01" });
  });

  it("switches domains with the tabs, dropping the post filters for members", async () => {
    const user = userEvent.setup();
    render(
      <SearchPage
        {...props({
          form: { ...emptySearchForm(), query: "marg", categories: [{ value: 7, label: "Gardening" }] },
        })}
      />,
    );
    await user.click(screen.getByRole("tab", { name: "Members" }));
    expect(api.requests[0]?.params).toMatchObject({ recordTypes: ["user"] });
    expect(api.requests[0]?.params).not.toHaveProperty("categoryID");
    expect(screen.getByRole("tab", { name: "Members" })).toHaveAttribute("aria-selected", "true");
    expect(screen.queryByRole("combobox", { name: "Category" })).not.toBeInTheDocument();
  });

  it("says so when nothing matches, and shows the error when the search fails", async () => {
    const { unmount } = render(<SearchPage {...props({ results: [], total: 0 })} />);
    expect(screen.getByText("No results found.")).toBeInTheDocument();
    unmount();
    api.restore();
    api = mockApi(() => ({ status: 500, data: { message: "Something went wrong.", status: 500 } }));
    const user = userEvent.setup();
    render(<SearchPage {...props()} />);
    await user.click(screen.getByRole("button", { name: "Next Page" }));
    expect(await screen.findByRole("alert")).toBeInTheDocument();
  });

  it("restores an earlier search on Back", async () => {
    render(<SearchPage {...props()} />);
    window.history.pushState(null, "", "/search?query=compost&domain=category");
    await act(async () => {
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("compost");
    expect(within(screen.getByRole("tablist")).getByRole("tab", { name: "Categories" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });
});
