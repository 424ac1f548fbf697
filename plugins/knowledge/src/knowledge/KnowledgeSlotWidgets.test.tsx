import { screen } from "@testing-library/react";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { KnowledgeFromPost, KnowledgeSourceArticles } from "./KnowledgeSlotWidgets";

describe("knowledge discussion-page widgets", () => {
  it("offers the knowledge categories for a comment's draft article", () => {
    const { container } = renderWithStore(
      <KnowledgeFromPost
        discussionID={4}
        commentID={9}
        categories={[
          { knowledgeCategoryID: 1, label: "Help" },
          { knowledgeCategoryID: 2, label: "Help › Billing" },
        ]}
      />,
    );
    const select = screen.getByRole("combobox", { name: "Knowledge category" });
    expect(select.querySelectorAll("option")).toHaveLength(2);
    expect(screen.getByRole("button", { name: "Create Draft Article" }).closest("form")).toHaveAttribute(
      "action",
      "/kb/from-discussion",
    );
    expect(container.querySelector('input[name="commentID"]')).toHaveValue("9");
  });

  it("links the articles made from the discussion", () => {
    renderWithStore(
      <KnowledgeSourceArticles articles={[{ name: "Exporting", url: "/kb/articles/3-exporting" }]} />,
    );
    expect(screen.getByRole("link", { name: "Exporting" })).toHaveAttribute(
      "href",
      "/kb/articles/3-exporting",
    );
  });
});
