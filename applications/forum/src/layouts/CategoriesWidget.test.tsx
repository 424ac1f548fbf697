import { render, screen, within } from "@testing-library/react";
import { CategoriesWidget } from "@applications/forum/src/layouts/CategoriesWidget";
import { CategoryHeader } from "@applications/forum/src/layouts/CategoryHeader";
import { makeCategory } from "@applications/forum/src/layouts/testing/layoutFixtures";

/** A count label ("3 discussions"), whose number and noun are separate elements. */
function countLabel(text: string) {
  return (_content: string, element: Element | null) =>
    element?.classList.contains("countLabel") === true && element.textContent === text;
}

const tree = [
  makeCategory({
    categoryID: 1,
    name: "Products",
    urlcode: "products",
    description: "Everything we make.",
    countDiscussions: 12,
    countComments: 2400,
    children: [
      makeCategory({
        categoryID: 2,
        name: "Widgets",
        urlcode: "widgets",
        countDiscussions: 1,
        countComments: 1,
      }),
      makeCategory({
        categoryID: 3,
        name: "Gadgets",
        urlcode: "gadgets",
        children: [makeCategory({ categoryID: 4, name: "Gizmos", urlcode: "gizmos" })],
      }),
    ],
  }),
  makeCategory({ categoryID: 5, name: "Community", urlcode: "community" }),
];

describe("CategoriesWidget", () => {
  it("lists the top categories with their links, descriptions and counts, children under their parent", () => {
    render(<CategoriesWidget title="Browse" categories={tree} />);
    expect(screen.getByRole("heading", { level: 2, name: "Browse" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Products",
      "Community",
    ]);
    expect(screen.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/categories/products");
    expect(screen.getByText("Everything we make.")).toBeInTheDocument();

    const children = screen.getByRole("list", { name: "Products" });
    expect(within(children).getByRole("link", { name: "Widgets" })).toHaveAttribute(
      "href",
      "/categories/widgets",
    );
    expect(within(children).getAllByText(countLabel("1 discussion"))[0]).toBeInTheDocument();
    const grandChildren = within(children).getByRole("list", { name: "Gadgets" });
    expect(within(grandChildren).getByRole("link", { name: "Gizmos" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Community" })).not.toBeInTheDocument();

    const products = screen.getByRole("link", { name: "Products" }).closest("li")!;
    const counts = products.querySelector(".categoryItem-meta")!;
    expect(counts).toHaveTextContent("12 discussions");
    expect(within(counts as HTMLElement).getByTitle("2,400")).toHaveTextContent("2.4k");
  });

  it("renders as a list by default and as a grid when asked", () => {
    const { rerender } = render(<CategoriesWidget categories={tree} />);
    expect(screen.getAllByRole("list")[0]).toHaveClass("categoriesWidget-items--list");
    rerender(<CategoriesWidget categories={tree} displayType="grid" />);
    expect(screen.getAllByRole("list")[0]).toHaveClass("categoriesWidget-items--grid");
  });

  it("says so when there are no categories", () => {
    render(<CategoriesWidget categories={[]} />);
    expect(screen.getByText("No categories were found.")).toBeInTheDocument();
  });
});

describe("CategoryHeader", () => {
  it("shows the category with its counts and a New Discussion link for those who may post", () => {
    const category = makeCategory({
      categoryID: 7,
      name: "Support",
      description: "Ask for help.",
      countDiscussions: 3,
      countComments: 1,
      permissions: { "discussions.add": true },
    });
    render(<CategoryHeader category={category} canPost />);
    expect(screen.getByRole("heading", { level: 1, name: "Support" })).toBeInTheDocument();
    expect(screen.getByText("Ask for help.")).toBeInTheDocument();
    expect(screen.getByText(countLabel("3 discussions"))).toBeInTheDocument();
    expect(screen.getByText(countLabel("1 comment"))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New Discussion" })).toHaveAttribute(
      "href",
      "/post/discussion/7",
    );
  });

  it("leads a guest's New Discussion to sign-in, then the form", () => {
    render(
      <CategoryHeader
        category={makeCategory({ categoryID: 7 })}
        canPost={false}
        newDiscussionUrl="/entry/signin?Target=%2Fpost%2Fdiscussion%2F7"
      />,
    );
    expect(screen.getByRole("link", { name: "New Discussion" })).toHaveAttribute(
      "href",
      "/entry/signin?Target=%2Fpost%2Fdiscussion%2F7",
    );
  });

  it("has no New Discussion link for those who may not post here", () => {
    render(<CategoryHeader category={makeCategory()} canPost={false} />);
    expect(screen.queryByRole("link", { name: "New Discussion" })).not.toBeInTheDocument();
  });
});
