import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { KnowledgeBaseForm } from "./KnowledgeBaseForm";
import { KnowledgeCategoryForm } from "./KnowledgeCategoryForm";

jest.mock("@library/src/routing/pageNavigation");

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  jest.mocked(fullPageNavigate).mockReset();
});

describe("KnowledgeBaseForm", () => {
  it("makes the URL code from the name, sends the chosen layout and opens the new base", async () => {
    api = mockApi(() => ({ status: 201, data: { knowledgeBaseID: 3, url: "/kb/product-guide" } }));
    renderWithStore(<KnowledgeBaseForm />);
    await userEvent.type(screen.getByRole("textbox", { name: "Name" }), "Product Guide");
    expect(screen.getByRole("textbox", { name: "URL code" })).toHaveValue("product-guide");
    await userEvent.click(screen.getByRole("radio", { name: /Guide/ }));
    await userEvent.click(screen.getByRole("button", { name: "Create Knowledge Base" }));
    expect(api.requests[0]).toMatchObject({
      method: "POST",
      url: "knowledge-bases",
      data: { name: "Product Guide", urlCode: "product-guide", viewType: "guide" },
    });
    expect(fullPageNavigate).toHaveBeenCalledWith("/kb/product-guide");
  });

  it("shows a taken URL code beside its field", async () => {
    api = mockApi(() => ({
      status: 422,
      data: {
        message: "Validation Failed",
        status: 422,
        errors: [
          { field: "urlCode", code: "unique", message: "This URL code is already in use.", status: 422 },
        ],
      },
    }));
    renderWithStore(<KnowledgeBaseForm />);
    await userEvent.type(screen.getByRole("textbox", { name: "Name" }), "Help");
    await userEvent.click(screen.getByRole("button", { name: "Create Knowledge Base" }));
    expect(await screen.findByText("This URL code is already in use.")).toBeInTheDocument();
    expect(fullPageNavigate).not.toHaveBeenCalled();
  });
});

describe("KnowledgeCategoryForm", () => {
  it("adds a category to the base", async () => {
    api = mockApi(() => ({ status: 201, data: { knowledgeCategoryID: 5 } }));
    renderWithStore(<KnowledgeCategoryForm knowledgeBaseID={7} />);
    await userEvent.type(screen.getByRole("textbox", { name: "Name" }), "Billing");
    await userEvent.click(screen.getByRole("button", { name: "Add Category" }));
    expect(api.requests[0]).toMatchObject({
      method: "POST",
      url: "knowledge-categories",
      data: { knowledgeBaseID: 7, name: "Billing" },
    });
    expect(fullPageNavigate).toHaveBeenCalled();
  });
});
