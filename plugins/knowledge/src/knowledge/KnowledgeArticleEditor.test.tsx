import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { KnowledgeArticleEditor } from "./KnowledgeArticleEditor";

jest.mock("@library/src/routing/pageNavigation");

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  jest.mocked(fullPageNavigate).mockReset();
});

const categories = [
  { knowledgeCategoryID: 1, name: "General" },
  { knowledgeCategoryID: 2, name: "Setup" },
];

describe("KnowledgeArticleEditor", () => {
  it("saves a new article as a draft (a rich2 body) in the chosen category and opens it", async () => {
    api = mockApi(() => ({ status: 201, data: { articleID: 9, url: "/kb/articles/9-install" } }));
    renderWithStore(
      <KnowledgeArticleEditor
        knowledgeBaseID={1}
        baseUrl="/kb/help"
        categories={categories}
        article={null}
      />,
    );
    await userEvent.type(screen.getByRole("textbox", { name: "Title" }), "Install");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Category" }), "Setup");
    expect(screen.getByRole("textbox", { name: "Body" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save Draft" }));
    expect(api.requests).toHaveLength(1);
    const [request] = api.requests;
    expect(request).toMatchObject({ method: "POST", url: "articles" });
    expect(request?.data).toMatchObject({
      name: "Install",
      knowledgeCategoryID: 2,
      status: "draft",
      format: "rich2",
    });
    expect(JSON.parse((request?.data as { body: string }).body)).toEqual([
      { type: "p", children: [{ text: "" }] },
    ]);
    expect(fullPageNavigate).toHaveBeenCalledWith("/kb/articles/9-install");
  });

  it("publishes an existing article and shows the server's field errors", async () => {
    api = mockApi(() => ({
      status: 422,
      data: {
        message: "Validation Failed",
        status: 422,
        errors: [{ field: "name", code: "required", message: "name is required.", status: 422 }],
      },
    }));
    const article = {
      articleID: 4,
      knowledgeCategoryID: 1,
      name: "Old title",
      bodyRaw: JSON.stringify([{ type: "p", children: [{ text: "Kept words" }] }]),
      format: "rich2",
      status: "draft" as const,
      sort: 3,
    };
    renderWithStore(
      <KnowledgeArticleEditor
        knowledgeBaseID={1}
        baseUrl="/kb/help"
        categories={categories}
        article={article}
      />,
    );
    expect(screen.getByText("Kept words")).toBeInTheDocument();
    await userEvent.clear(screen.getByRole("textbox", { name: "Title" }));
    await userEvent.click(screen.getByRole("button", { name: "Publish" }));
    expect(api.requests[0]).toMatchObject({ method: "PATCH", url: "articles/4" });
    expect(api.requests[0]?.data).toMatchObject({ status: "published", sort: 3, name: "" });
    expect((api.requests[0]?.data as { body: string }).body).toContain("Kept words");
    expect(await screen.findByText("name is required.")).toBeInTheDocument();
    expect(fullPageNavigate).not.toHaveBeenCalled();
  });
});
