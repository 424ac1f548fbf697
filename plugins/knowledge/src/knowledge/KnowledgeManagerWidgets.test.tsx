import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { KnowledgeArticleOptions } from "./KnowledgeArticleOptions";
import { KnowledgeBaseOptions } from "./KnowledgeBaseOptions";
import { KnowledgeCategoryManager } from "./KnowledgeCategoryManager";
import { KnowledgeGuideOrder } from "./KnowledgeGuideOrder";

jest.mock("@library/src/routing/pageNavigation");

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  jest.mocked(fullPageNavigate).mockReset();
});

const user = (name: string) => ({
  userID: 1,
  name,
  photoUrl: "",
  url: "",
  dateLastActive: null,
  banned: 0,
  private: false,
});

describe("KnowledgeBaseOptions", () => {
  it("edits the base's name in a dialog and deletes it after a confirmation that Escape cancels", async () => {
    api = mockApi((request) =>
      request.method === "PATCH" ? { data: { knowledgeBaseID: 4, url: "/kb/help" } } : { status: 204 },
    );
    renderWithStore(<KnowledgeBaseOptions knowledgeBaseID={4} name="Help" description="Answers." />);
    const menuButton = screen.getByRole("button", { name: "Knowledge Base Options" });
    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole("menuitem", { name: "Edit Knowledge Base" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Knowledge Base" });
    const name = within(dialog).getByRole("textbox", { name: /Name/ });
    expect(name).toHaveFocus();
    await userEvent.clear(name);
    await userEvent.type(name, "Help Desk");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(api.requests[0]).toMatchObject({
      method: "PATCH",
      url: "knowledge-bases/4",
      data: { name: "Help Desk", description: "Answers." },
    });
    expect(fullPageNavigate).toHaveBeenCalledWith("/kb/help");

    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole("menuitem", { name: "Delete Knowledge Base" }));
    expect(screen.getByRole("dialog", { name: "Delete Knowledge Base" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(1);
    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole("menuitem", { name: "Delete Knowledge Base" }));
    const confirm = screen.getByRole("dialog", { name: "Delete Knowledge Base" });
    // Focus stays inside: Tab from the last button comes back to the first.
    within(confirm).getByRole("button", { name: "Delete" }).focus();
    await userEvent.tab();
    expect(confirm).toContainElement(document.activeElement as HTMLElement);
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(api.requests[1]).toMatchObject({ method: "DELETE", url: "knowledge-bases/4" });
    expect(fullPageNavigate).toHaveBeenLastCalledWith("/kb");
  });
});

describe("KnowledgeCategoryManager", () => {
  const categories = [
    { knowledgeCategoryID: 11, parentID: 1, name: "Billing", sort: 0, depth: 1 },
    { knowledgeCategoryID: 12, parentID: 1, name: "Accounts", sort: 1, depth: 1 },
    { knowledgeCategoryID: 13, parentID: 12, name: "Passwords", sort: 0, depth: 2 },
  ];
  const names = () =>
    screen.getAllByRole("listitem").map((item) => item.querySelector(".kbCategoryManager-name")?.textContent);

  it("moves a category down by keyboard, keeping focus on it, and under another parent", async () => {
    api = mockApi(() => ({ data: {} }));
    renderWithStore(<KnowledgeCategoryManager rootCategoryID={1} categories={categories} />);
    expect(names()).toEqual(["Billing", "Accounts", "Passwords"]);
    expect(screen.getByRole("button", { name: "Move Billing up" })).toBeDisabled();
    screen.getByRole("button", { name: "Move Billing down" }).focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(names()).toEqual(["Accounts", "Passwords", "Billing"]));
    expect(api.requests.map((request) => [request.url, request.data])).toEqual([
      ["knowledge-categories/12", { sort: 0 }],
      ["knowledge-categories/11", { sort: 1 }],
    ]);
    // Billing is last now: its down button is disabled, so focus went to its up button.
    await waitFor(() => expect(screen.getByRole("button", { name: "Move Billing up" })).toHaveFocus());

    const parent = screen.getByRole("combobox", { name: "Parent of Accounts" });
    expect(within(parent).queryByRole("option", { name: /Passwords/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Parent of Billing" }), "13");
    await waitFor(() => expect(names()).toEqual(["Accounts", "Passwords", "Billing"]));
    expect(api.requests[2]).toMatchObject({
      url: "knowledge-categories/11",
      data: { parentID: 13, sort: 0 },
    });
    expect(screen.getByRole("combobox", { name: "Parent of Billing" })).toHaveValue("13");
  });

  it("deletes an empty category after confirming, and shows why a full one stays", async () => {
    api = mockApi((request) =>
      request.url.endsWith("/12")
        ? {
            status: 409,
            data: { message: "Move or delete this category's articles and categories first.", status: 409 },
          }
        : { status: 204 },
    );
    renderWithStore(<KnowledgeCategoryManager rootCategoryID={1} categories={categories} />);
    await userEvent.click(screen.getByRole("button", { name: "Delete Accounts" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Category" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Move or delete this category's articles and categories first.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.getByRole("button", { name: "Delete Accounts" })).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "Delete Billing" }));
    await userEvent.click(
      within(screen.getByRole("dialog", { name: "Delete Category" })).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() => expect(names()).toEqual(["Accounts", "Passwords"]));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Manage Categories" })).toHaveFocus());
  });
});

describe("KnowledgeArticleOptions", () => {
  const revisions = [
    {
      articleRevisionID: 8,
      articleID: 5,
      name: "Reset it",
      body: "<p>New steps.</p>",
      format: "rich2",
      status: "published",
      insertUserID: 2,
      insertUser: user("Maya"),
      dateInserted: "2026-11-20T10:00:00Z",
    },
    {
      articleRevisionID: 7,
      articleID: 5,
      name: "Reset a password",
      body: "<p>Old steps.</p>",
      format: "rich2",
      status: "published",
      insertUserID: 1,
      insertUser: user("Jonas"),
      dateInserted: "2026-11-10T10:00:00Z",
    },
  ];

  it("lists revisions with their authors, shows one and restores it", async () => {
    api = mockApi((request) =>
      request.method === "GET"
        ? { data: revisions }
        : { data: { articleID: 5, url: "/kb/articles/5-reset-a-password" } },
    );
    renderWithStore(<KnowledgeArticleOptions articleID={5} name="Reset it" baseUrl="/kb/help" />);
    await userEvent.click(screen.getByRole("button", { name: "Article Options" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Revisions" }));
    const dialog = screen.getByRole("dialog", { name: "Revisions" });
    const items = await within(dialog).findAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Reset it");
    expect(items[0]).toHaveTextContent("Current");
    expect(items[0]).toHaveTextContent("Maya");
    expect(
      within(items[0] as HTMLElement).queryByRole("button", { name: "Restore" }),
    ).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent("Jonas");
    await userEvent.click(within(items[1] as HTMLElement).getByRole("button", { name: "View" }));
    const viewing = screen.getByRole("dialog", { name: "Reset a password" });
    expect(viewing).toHaveTextContent("Old steps.");
    await userEvent.click(within(viewing).getByRole("button", { name: "Restore This Revision" }));
    expect(api.requests[1]).toMatchObject({ method: "POST", url: "article-revisions/7/restore" });
    expect(fullPageNavigate).toHaveBeenCalledWith("/kb/articles/5-reset-a-password");
  });

  it("deletes the article after a confirmation and opens its base", async () => {
    api = mockApi(() => ({ status: 204 }));
    renderWithStore(<KnowledgeArticleOptions articleID={5} name="Reset it" baseUrl="/kb/help" />);
    await userEvent.click(screen.getByRole("button", { name: "Article Options" }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Delete Article" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Article" });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(api.requests[0]).toMatchObject({ method: "DELETE", url: "articles/5" });
    expect(fullPageNavigate).toHaveBeenCalledWith("/kb/help");
  });
});

describe("KnowledgeGuideOrder", () => {
  it("moves a guide's article up by keyboard and numbers the order from the top", async () => {
    api = mockApi(() => ({ data: {} }));
    renderWithStore(
      <KnowledgeGuideOrder
        articles={[
          { articleID: 1, name: "Install", sort: 0 },
          { articleID: 2, name: "Configure", sort: 0 },
          { articleID: 3, name: "Use", sort: 0 },
        ]}
      />,
    );
    screen.getByRole("button", { name: "Move Use up" }).focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() =>
      expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
        expect.stringContaining("Install"),
        expect.stringContaining("Use"),
        expect.stringContaining("Configure"),
      ]),
    );
    expect(api.requests.map((request) => [request.url, request.data])).toEqual([
      ["articles/3", { sort: 1 }],
      ["articles/2", { sort: 2 }],
    ]);
    await waitFor(() => expect(screen.getByRole("button", { name: "Move Use up" })).toHaveFocus());
  });
});
