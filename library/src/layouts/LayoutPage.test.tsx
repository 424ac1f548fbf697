import { screen, waitFor } from "@testing-library/react";
import type { LayoutQuery } from "@forum/api/layouts";
import { LayoutPage } from "@library/src/layouts/LayoutPage";
import { INITIAL_LAYOUT_ELEMENT_ID, resetInitialLayout } from "@library/src/layouts/layoutQuery";
import { registerLayoutComponents } from "@library/src/layouts/registerLayoutComponents";
import { registerComponent } from "@library/src/registry/componentRegistry";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { replacePage } from "@library/src/routing/pageNavigation";

jest.mock("@library/src/routing/pageNavigation", () => ({
  replacePage: jest.fn(),
  fullPageNavigate: jest.fn(),
}));

function Greeting({ text }: { text: string }) {
  return <p>{text}</p>;
}

const query: LayoutQuery = {
  layoutViewType: "discussionList",
  recordType: "global",
  recordID: "-1",
  params: { locale: "en", siteSectionID: "0" },
};

function layout(text: string, device: "all" | "mobile" | "desktop" = "all") {
  return {
    layoutID: "discussionList",
    layoutViewType: "discussionList",
    title: "Recent Discussions",
    titleBar: { $reactComponent: "TitleBar", $reactProps: {} },
    layout: [
      {
        $reactComponent: "SectionOneColumn",
        $reactProps: {
          children: [
            { $reactComponent: "Greeting", $reactProps: { text }, $middleware: { visibility: { device } } },
            { $reactComponent: "NoSuchWidget", $reactProps: {} },
          ],
        },
      },
    ],
  };
}

describe("LayoutPage", () => {
  beforeAll(() => {
    registerLayoutComponents();
    registerComponent("Greeting", Greeting);
  });
  beforeEach(() => {
    resetInitialLayout();
    document.getElementById(INITIAL_LAYOUT_ELEMENT_ID)?.remove();
    jest.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("renders the layout the page embedded, without fetching it", () => {
    const script = document.createElement("script");
    script.type = "application/json";
    script.id = INITIAL_LAYOUT_ELEMENT_ID;
    script.textContent = JSON.stringify({ query, data: layout("From the page") });
    document.body.appendChild(script);
    const api = mockApi(() => ({ status: 500 }));
    renderWithStore(<LayoutPage query={query} />);
    expect(screen.getByText("From the page")).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    expect(document.title).toBe("Recent Discussions");
  });

  it("fetches the layout, showing a loader first, and logs widgets missing from the registry", async () => {
    const api = mockApi((request) =>
      request.url.includes("layouts/lookup-hydrate") ? { data: layout("Fetched") } : { status: 404 },
    );
    renderWithStore(<LayoutPage query={query} />);
    expect(await screen.findByText("Fetched")).toBeInTheDocument();
    expect(api.requests[0]?.params).toMatchObject({ layoutViewType: "discussionList", recordID: "-1" });
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("NoSuchWidget"));
  });

  it("hides widgets meant for the other device class", async () => {
    mockApi(() => ({ data: layout("Phones only", "mobile") }));
    renderWithStore(<LayoutPage query={query} />);
    await waitFor(() => expect(document.querySelector(".layoutSection")).not.toBeNull());
    expect(screen.queryByText("Phones only")).not.toBeInTheDocument();
  });

  it("shows the error page when the layout cannot be loaded", async () => {
    mockApi(() => ({ status: 404, data: { message: "Discussion not found.", status: 404 } }));
    renderWithStore(<LayoutPage query={query} />);
    expect(await screen.findByText("The page you were looking for could not be found.")).toBeInTheDocument();
  });

  it("follows a redirect with location.replace", async () => {
    mockApi(() => ({ data: { redirectTo: "/discussion/5/hello", status: 301 } }));
    renderWithStore(<LayoutPage query={query} />);
    await waitFor(() => expect(replacePage).toHaveBeenCalledWith("/discussion/5/hello"));
  });
});
