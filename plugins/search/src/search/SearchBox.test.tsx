import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { installBootstrap, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { mockApi } from "@library/src/testing/mockApi";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { SearchBox } from "./SearchBox";

jest.mock("@library/src/routing/pageNavigation", () => ({ fullPageNavigate: jest.fn() }));
import { searchResult } from "./searchFixtures";

describe("SearchBox", () => {
  let api: ReturnType<typeof mockApi>;

  beforeEach(() => {
    jest.useFakeTimers();
    installBootstrap({ config: { "search.autocompleteDebounce": 300 } });
    api = mockApi(({ params }) => {
      const { recordTypes } = params as { recordTypes: string[] };
      if (recordTypes.includes("discussion")) return { data: [searchResult()] };
      if (recordTypes.includes("user"))
        return {
          data: [searchResult({ recordType: "user", recordID: 2, name: "Margaret", breadcrumbs: [] })],
        };
      return { data: [] };
    });
    jest.mocked(fullPageNavigate).mockClear();
  });
  afterEach(() => {
    api.restore();
    removeBootstrap();
    jest.useRealTimers();
  });

  const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

  it("waits for the debounce, offers 'Search for' first, then results by source with breadcrumbs", async () => {
    const typing = user();
    render(<SearchBox variant="hero" />);
    await typing.type(screen.getByRole("combobox", { name: "Search" }), "toma");
    expect(api.requests).toHaveLength(0);
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "Search for toma",
      "Growing tomatoes indoorsGardening",
      "Margaret",
    ]);
    expect(screen.getByRole("group", { name: "Posts" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Members" })).toBeInTheDocument();
    // Three sources share 10 results: 3 each, without bodies.
    expect(api.requests.map((request) => (request.params as { limit: number }).limit)).toEqual([3, 3, 3]);
    expect(api.requests[0]?.params).toMatchObject({ query: "toma", expand: ["breadcrumbs", "-body"] });
  });

  it("in a site section asks that section only and searches on the section's search page", async () => {
    installBootstrap({
      basePath: "/fr",
      config: {
        "search.autocompleteDebounce": 300,
        siteSection: {
          siteSectionID: 4,
          name: "Français",
          basePath: "/fr",
          contentLocale: "fr",
          rootCategoryID: 7,
        },
      },
    });
    const typing = user();
    render(<SearchBox variant="titleBar" />);
    await typing.type(screen.getByRole("combobox", { name: "Search" }), "toma");
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    await screen.findByText("Growing tomatoes indoors");
    expect(
      api.requests.map((request) => (request.params as { siteSectionID?: number }).siteSectionID),
    ).toEqual([4, 4, 4]);
    await typing.keyboard("{ArrowDown}{Enter}");
    expect(fullPageNavigate).toHaveBeenCalledWith("/fr/search?query=toma");
    // A result opens in the section's folder too.
    await typing.type(screen.getByRole("combobox", { name: "Search" }), "t");
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    await screen.findByText("Growing tomatoes indoors");
    await typing.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(fullPageNavigate).toHaveBeenLastCalledWith("/fr/discussion/1/growing-tomatoes-indoors");
  });

  it("moves through the options with the arrows and opens the chosen one with Enter", async () => {
    const typing = user();
    render(<SearchBox variant="hero" />);
    const input = screen.getByRole("combobox", { name: "Search" });
    await typing.type(input, "toma");
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    await screen.findByText("Growing tomatoes indoors");
    await typing.keyboard("{ArrowDown}{ArrowDown}");
    expect(screen.getByRole("option", { name: /Growing tomatoes indoors/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await typing.keyboard("{Enter}");
    // The site's own absolute link comes back from the API as a path.
    expect(fullPageNavigate).toHaveBeenCalledWith("/discussion/1/growing-tomatoes-indoors");
  });

  it("Escape closes the menu; 'Clear Search' empties the box; Tab from text reaches the clear button", async () => {
    const typing = user();
    render(<SearchBox variant="hero" />);
    const input = screen.getByRole("combobox", { name: "Search" });
    await typing.type(input, "toma");
    expect(screen.getByRole("listbox")).toBeInTheDocument();
    await typing.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    await typing.tab();
    expect(screen.getByRole("button", { name: "Clear Search" })).toHaveFocus();
    await typing.click(screen.getByRole("button", { name: "Clear Search" }));
    expect(input).toHaveValue("");
    expect(input).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Clear Search" })).not.toBeInTheDocument();
  });

  it("closes the menu on an outside click first, then the title-bar box (SPEC 4)", async () => {
    const typing = user();
    const onCancel = jest.fn();
    render(
      <div>
        <p>Elsewhere</p>
        <SearchBox variant="titleBar" onCancel={onCancel} />
      </div>,
    );
    await typing.type(screen.getByRole("combobox", { name: "Search" }), "toma");
    expect(screen.getByRole("listbox")).toBeInTheDocument();
    await typing.click(screen.getByText("Elsewhere"));
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(onCancel).not.toHaveBeenCalled();
    await typing.click(screen.getByText("Elsewhere"));
    expect(onCancel).toHaveBeenCalledWith(false);
  });

  it("offers 'Search In' this site or the hub only on a site that belongs to a hub", async () => {
    const typing = user();
    const { unmount } = render(<SearchBox variant="hero" />);
    expect(screen.queryByRole("combobox", { name: "Search In" })).not.toBeInTheDocument();
    unmount();

    installBootstrap({
      config: {
        "search.autocompleteDebounce": 300,
        "garden.title": "Gardeners",
        "search.hubName": "Green Hub",
        "search.hubUrl": "https://hub.example.com/",
      },
    });
    render(<SearchBox variant="hero" />);
    const scope = screen.getByRole("combobox", { name: "Search In" });
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Gardeners",
      "Green Hub",
    ]);
    expect(scope).toHaveValue("site");
    const input = screen.getByRole("combobox", { name: "Search" });
    await typing.type(input, "toma");
    await typing.keyboard("{ArrowDown}{Enter}");
    expect(fullPageNavigate).toHaveBeenLastCalledWith("/search?query=toma");

    await typing.selectOptions(scope, "Green Hub");
    await typing.click(input);
    await typing.keyboard("{ArrowDown}{Enter}");
    expect(fullPageNavigate).toHaveBeenLastCalledWith("https://hub.example.com/search?query=toma&scope=hub");
    // Without JavaScript's help the form itself goes to the hub's page with the scope.
    const form = screen.getByRole("search");
    expect(form).toHaveAttribute("action", "https://hub.example.com/search");
    expect(new FormData(form as HTMLFormElement).get("scope")).toBe("hub");
  });

  it("asks nothing while the query has no word to look for (only dashes, punctuation or -exclusions)", async () => {
    const typing = user();
    render(<SearchBox variant="hero" />);
    const input = screen.getByRole("combobox", { name: "Search" });
    for (const text of ["-", "--", '"" -toma', "-toma", "!?"]) {
      await typing.clear(input);
      await typing.type(input, text);
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
    }
    expect(api.requests).toHaveLength(0);
    await typing.type(input, " basil");
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(api.requests.map((request) => (request.params as { query: string }).query)).toEqual([
      "!? basil",
      "!? basil",
      "!? basil",
    ]);
  });

  it("asks nothing for an empty query and offers Cancel in the title bar", async () => {
    const typing = user();
    const onCancel = jest.fn();
    render(<SearchBox variant="titleBar" onCancel={onCancel} />);
    await typing.type(screen.getByRole("combobox", { name: "Search" }), "   ");
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(api.requests).toHaveLength(0);
    await typing.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledWith(true);
  });
});
