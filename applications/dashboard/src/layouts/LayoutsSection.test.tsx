import type { LayoutPost, SectionSpec, StoredLayout } from "@forum/api/storedLayouts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { registerLayoutComponents } from "@library/src/layouts/registerLayoutComponents";
import { registerComponent } from "@library/src/registry/componentRegistry";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import { LayoutsSection } from "./LayoutsSection";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function stored(body: LayoutPost, layoutID = 7): StoredLayout {
  return {
    layoutID,
    ...body,
    views: [],
    insertUserID: 1,
    dateInserted: "2026-11-28T10:00:00Z",
    updateUserID: null,
    dateUpdated: null,
  };
}

/**
 * What `POST /layouts/hydrate` answers here: each section a real section node, each widget a probe naming it
 * (the forum's widgets are registered by the forum's dashboard entry, not in this application's tests).
 */
function hydrated(body: LayoutPost) {
  return {
    layoutID: "preview",
    layoutViewType: body.layoutViewType,
    titleBar: { $reactComponent: "TitleBar", $reactProps: {} },
    layout: body.layout.map((section) => ({
      $reactComponent: "SectionOneColumn",
      $reactProps: {
        children: section.columns.flat().map((widget) => ({
          $reactComponent: "PreviewProbe",
          $reactProps: { name: "title" in widget && widget.title ? widget.title : widget.widget },
        })),
      },
    })),
  };
}

registerLayoutComponents();
registerComponent("PreviewProbe", ({ name }: { name: string }) => <p className="previewProbe">{name}</p>);

function renderSection(layouts: StoredLayout[] = []) {
  let saved: StoredLayout | null = null;
  api = mockApi(({ method, url, data }) => {
    if (method === "GET" && url === "layouts") return { data: layouts };
    if (method === "GET" && url === "fragments") return { data: [] };
    if (method === "GET" && url === "categories")
      return {
        data: [
          { categoryID: 3, name: "General" },
          { categoryID: 4, name: "Help" },
        ],
      };
    if (method === "POST" && url === "layouts/hydrate") return { data: hydrated(data as LayoutPost) };
    if (method === "POST" && url === "layouts") {
      saved = stored(data as LayoutPost);
      return { status: 201, data: saved };
    }
    if (method === "PUT" && url === "layouts/7/views" && saved)
      return { data: { ...saved, views: data as StoredLayout["views"] } };
    return { status: 404, data: { message: "Not found." } };
  });
  renderWithStore(
    <MemoryRouter initialEntries={["/dashboard/appearance/layouts"]}>
      <LayoutsSection />
      <ToastContainer />
    </MemoryRouter>,
  );
  return api;
}

describe("LayoutsSection", () => {
  it("builds a home page with a carousel and a list in a two-column section, saves and applies it", async () => {
    const user = userEvent.setup();
    const requests = renderSection().requests;
    await user.click(await screen.findByRole("button", { name: "New layout" }));

    // The starter: a banner section and a one-column section with discussions; remove the latter.
    await user.click(screen.getByRole("button", { name: "Remove Section 2" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "New section" }), "twoColumns");
    await user.click(screen.getByRole("button", { name: "Add section" }));

    const section = screen.getByRole("region", { name: "Section 2" });
    await user.selectOptions(
      within(section).getByRole("combobox", { name: "Widget to add to Section 2, Main column" }),
      "discussions",
    );
    await user.click(within(section).getByRole("button", { name: "Add widget to Section 2, Main column" }));
    await user.click(within(section).getByRole("button", { name: "Edit" }));
    await user.type(within(section).getByRole("textbox", { name: "Title" }), "Trending");
    await user.selectOptions(within(section).getByRole("combobox", { name: "Display as" }), "carousel");

    await user.selectOptions(
      within(section).getByRole("combobox", { name: "Widget to add to Section 2, Side panel" }),
      "categories",
    );
    await user.click(within(section).getByRole("button", { name: "Add widget to Section 2, Side panel" }));
    const side = within(section).getByRole("list", { name: "Section 2, Side panel" });
    await user.click(within(side).getByRole("button", { name: "Edit" }));
    await user.selectOptions(within(side).getByRole("combobox", { name: "Display as" }), "list");
    // A list has one column (SPEC 9): the choice offers no more.
    expect(within(side).getByRole("combobox", { name: "Columns" })).toHaveDisplayValue("1");
    await user.selectOptions(
      within(side).getByRole("combobox", { name: "Devices for Categories" }),
      "desktop",
    );

    await user.click(screen.getByRole("button", { name: "Save and apply" }));
    expect(await screen.findByText("The layout is saved and applied.")).toBeInTheDocument();

    const post = requests.find((request) => request.method === "POST" && request.url === "layouts");
    const body = post?.data as LayoutPost;
    expect(body.layoutViewType).toBe("home");
    const two = body.layout[1] as SectionSpec;
    expect(two.sectionType).toBe("twoColumns");
    expect(two.columns[0]?.[0]).toMatchObject({
      widget: "discussions",
      title: "Trending",
      itemOptions: { displayType: "carousel" },
    });
    expect(two.columns[1]?.[0]).toMatchObject({
      widget: "categories",
      device: "desktop",
      itemOptions: { displayType: "list", maxColumnCount: 1 },
    });
    const put = requests.find((request) => request.method === "PUT");
    expect(put?.data).toEqual([{ recordType: "global", recordID: -1 }]);
    // Some forty typed and clicked steps: more than the default 5 s on a busy machine.
  }, 30_000);

  it("applies a category page layout to a category and unassigns it, showing where it applies", async () => {
    const user = userEvent.setup();
    const layout = stored({ name: "Help page", layoutViewType: "discussionCategoryPage", layout: [] }, 8);
    let views: StoredLayout["views"] = [{ recordType: "global", recordID: -1 }];
    api = mockApi(({ method, url, data }) => {
      if (method === "GET" && url === "layouts") return { data: [{ ...layout, views }] };
      if (method === "GET" && url === "fragments") return { data: [] };
      if (method === "GET" && url === "categories")
        return {
          data: [
            { categoryID: 3, name: "General" },
            { categoryID: 4, name: "Help" },
          ],
        };
      if (method === "PUT" && url === "layouts/8/views") {
        views = data as StoredLayout["views"];
        return { data: { ...layout, views } };
      }
      return { status: 404, data: { message: "Not found." } };
    });
    renderWithStore(
      <MemoryRouter>
        <LayoutsSection />
        <ToastContainer />
      </MemoryRouter>,
    );
    const row = (await screen.findByText("Help page")).closest("li") as HTMLElement;
    expect(within(row).getByText("Site default")).toBeInTheDocument();
    const toggle = within(row).getByRole("button", { name: "Where Help page applies" });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const place = within(row).getByRole("combobox", { name: "Apply to" });
    // The site default is taken already: the categories are offered.
    expect(
      within(place)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Category: General", "Category: Help"]);
    await user.selectOptions(place, "category:4");
    await user.click(within(row).getByRole("button", { name: "Assign" }));
    expect(await screen.findByText("The layout is applied.")).toBeInTheDocument();
    expect(views).toEqual([
      { recordType: "global", recordID: -1 },
      { recordType: "category", recordID: 4 },
    ]);
    await waitFor(() => expect(within(row).getByText("Site default, Category: Help")).toBeInTheDocument());
    await user.click(within(row).getByRole("button", { name: "Unassign Site default" }));
    expect(await screen.findByText("The layout is unassigned.")).toBeInTheDocument();
    expect(views).toEqual([{ recordType: "category", recordID: 4 }]);
  });

  it("moves widgets with the buttons and by dragging, and shows the API's errors", async () => {
    const user = userEvent.setup();
    const layout = stored({
      name: "Home",
      layoutViewType: "home",
      layout: [
        {
          sectionType: "twoColumns",
          device: "all",
          columns: [
            [
              {
                widget: "categories",
                device: "all",
                title: "A",
                itemOptions: { contentType: "title", displayType: "grid", maxColumnCount: 3 },
              },
              {
                widget: "categories",
                device: "all",
                title: "B",
                itemOptions: { contentType: "title", displayType: "grid", maxColumnCount: 3 },
              },
            ],
            [],
          ],
        },
      ],
    });
    const { requests } = renderSection([layout]);
    await user.click(await screen.findByRole("button", { name: "Edit Home" }));
    const names = (list: string) =>
      within(screen.getByRole("list", { name: list }))
        .queryAllByRole("listitem")
        .map((item) => item.getAttribute("aria-label"));
    expect(names("Section 1, Main column")).toEqual(["Categories: A", "Categories: B"]);
    // The live preview draws the layout as it stands, and again after a move, unsaved.
    const preview = screen.getByRole("region", { name: "Preview" });
    const drawn = () => [...preview.querySelectorAll(".previewProbe")].map((probe) => probe.textContent);
    await waitFor(() => expect(drawn()).toEqual(["A", "B"]));
    await user.click(screen.getByRole("button", { name: "Move Categories: B up" }));
    expect(names("Section 1, Main column")).toEqual(["Categories: B", "Categories: A"]);
    await waitFor(() => expect(drawn()).toEqual(["B", "A"]));

    // Drag A into the side panel.
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => store.set(type, value),
      getData: (type: string) => store.get(type) ?? "",
      get types() {
        return [...store.keys()];
      },
      effectAllowed: "all",
    };
    const a = screen.getByRole("listitem", { name: "Categories: A" });
    fireEvent.dragStart(a, { dataTransfer });
    const sideColumn = screen.getByRole("list", { name: "Section 1, Side panel" })
      .parentElement as HTMLElement;
    fireEvent.dragOver(sideColumn, { dataTransfer });
    fireEvent.drop(sideColumn, { dataTransfer });
    expect(names("Section 1, Main column")).toEqual(["Categories: B"]);
    expect(names("Section 1, Side panel")).toEqual(["Categories: A"]);

    // By keyboard: left into the main column, down past its end into a new section, and back up; each move is
    // announced and the focus stays on the moved widget (its button while that way is still open).
    const status = screen.getByRole("status");
    screen.getByRole("button", { name: "Move Categories: A left" }).focus();
    await user.keyboard("{Enter}");
    expect(names("Section 1, Main column")).toEqual(["Categories: A", "Categories: B"]);
    expect(status).toHaveTextContent("Categories: A moved to Section 1, Main column, position 1.");
    expect(screen.getByRole("listitem", { name: "Categories: A" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Add section" }));
    screen.getByRole("button", { name: "Move Categories: A down" }).focus();
    await user.keyboard("{Enter}");
    expect(names("Section 1, Main column")).toEqual(["Categories: B", "Categories: A"]);
    expect(screen.getByRole("button", { name: "Move Categories: A down" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(names("Section 2, Main column")).toEqual(["Categories: A"]);
    expect(status).toHaveTextContent("Categories: A moved to Section 2, Main column, position 1.");
    expect(screen.getByRole("listitem", { name: "Categories: A" })).toHaveFocus();
    screen.getByRole("button", { name: "Move Categories: A right" }).focus();
    await user.keyboard("{Enter}");
    expect(names("Section 2, Side panel")).toEqual(["Categories: A"]);
    screen.getByRole("button", { name: "Move Categories: A up" }).focus();
    await user.keyboard("{Enter}");
    expect(names("Section 1, Side panel")).toEqual(["Categories: A"]);
    expect(status).toHaveTextContent("Categories: A moved to Section 1, Side panel, position 1.");
    expect(screen.getByRole("listitem", { name: "Categories: A" })).toHaveFocus();

    const hydrations = requests.filter((request) => request.url === "layouts/hydrate");
    expect(hydrations.length).toBeGreaterThan(1);
    expect(
      requests.filter((request) => request.method !== "GET" && request.url !== "layouts/hydrate"),
    ).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Not found."));
  });
});
