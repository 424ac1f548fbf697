import type { Category } from "@forum/api/categories";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, type MockHandler } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { CategoriesSection } from "./CategoriesSection";

function category(
  categoryID: number,
  name: string,
  parentCategoryID: number | null,
  depth: number,
): Category {
  return {
    categoryID,
    name,
    parentCategoryID,
    depth,
    urlcode: name.toLowerCase(),
    countDiscussions: categoryID,
    description: null,
    displayAs: "discussions",
  } as Category;
}

const TREE = [category(1, "Garden", null, 1), category(4, "Seeds", 1, 2), category(2, "Tools", null, 1)];

/** The dashboard's categories section is for site managers (they also see the translate icon). */
const SITE_MANAGER = {
  isAdmin: false,
  isSysAdmin: false,
  isSuperAdmin: false,
  permissions: [{ type: "global", id: null, permissions: { "site.manage": true } }],
};

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function renderTree(handler: MockHandler = () => ({ status: 204 })) {
  api = mockApi((request) => {
    if (request.method === "GET" && request.url === "categories") return { data: TREE };
    if (request.method === "GET" && request.url === "users/$me/permissions") return { data: SITE_MANAGER };
    return handler(request);
  });
  renderWithStore(<CategoriesSection />);
  return api;
}

describe("CategoriesSection", () => {
  it("moves with the keyboard: one PUT /categories/tree per move, focus stays on the button", async () => {
    const user = userEvent.setup();
    const calls = renderTree();
    const up = await screen.findByRole("button", { name: "Move Tools up" });
    expect(screen.getByText(/^1 discussion ·/)).toBeInTheDocument();
    expect(screen.getByText(/^2 discussions ·/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Move Garden up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Outdent Garden" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Indent Seeds" })).toBeDisabled();
    up.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(calls.requests.some((request) => request.method === "PUT")).toBe(true));
    expect(calls.requests.find((request) => request.method === "PUT")).toMatchObject({
      url: "categories/tree",
      data: [
        { categoryID: 2, parentCategoryID: null, sort: 0 },
        { categoryID: 1, parentCategoryID: null, sort: 1 },
      ],
    });
    expect(await screen.findByText("Moved Tools.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Move Tools up" })).toHaveFocus());

    await user.click(screen.getByRole("button", { name: "Indent Tools" }));
    await waitFor(() =>
      expect(calls.requests.filter((request) => request.method === "PUT").at(-1)?.data).toEqual([
        { categoryID: 4, parentCategoryID: 1, sort: 0 },
        { categoryID: 2, parentCategoryID: 1, sort: 1 },
        { categoryID: 1, parentCategoryID: null, sort: 0 },
      ]),
    );
  });

  it("nests a drop whose dragstart has not rendered yet, by the id the drag carries", async () => {
    const calls = renderTree();
    await screen.findByText("Tools");
    fireEvent.drop(screen.getByTestId("drop-inside-4"), { dataTransfer: { getData: () => "2" } });
    await waitFor(() =>
      expect(calls.requests.find((request) => request.method === "PUT")?.data).toEqual([
        { categoryID: 2, parentCategoryID: 4, sort: 0 },
        { categoryID: 1, parentCategoryID: null, sort: 0 },
      ]),
    );
  });

  it("nests by drag and drop", async () => {
    const calls = renderTree();
    const tools = (await screen.findByText("Tools")).closest("li") as HTMLElement;
    fireEvent.dragStart(tools, { dataTransfer: { setData: () => undefined, effectAllowed: "" } });
    fireEvent.drop(screen.getByTestId("drop-inside-4"));
    await waitFor(() =>
      expect(calls.requests.find((request) => request.method === "PUT")?.data).toEqual([
        { categoryID: 2, parentCategoryID: 4, sort: 0 },
        { categoryID: 1, parentCategoryID: null, sort: 0 },
      ]),
    );
  });

  it("saves a drop made while a move is saved after it, planned on the tree that move left", async () => {
    const user = userEvent.setup();
    let tree = TREE;
    let finishFirstMove: () => void = () => undefined;
    const firstMoveHeld = new Promise<void>((resolve) => {
      finishFirstMove = resolve;
    });
    let puts = 0;
    api = mockApi(async (request) => {
      if (request.method === "GET" && request.url === "categories") return { data: tree };
      if (request.method === "GET" && request.url === "users/$me/permissions") return { data: SITE_MANAGER };
      puts += 1;
      if (puts === 1) {
        await firstMoveHeld;
        tree = [category(2, "Tools", null, 1), category(1, "Garden", null, 1), category(4, "Seeds", 1, 2)];
      }
      return { status: 204 };
    });
    renderWithStore(<CategoriesSection />);
    await user.click(await screen.findByRole("button", { name: "Move Tools up" }));
    await waitFor(() => expect(puts).toBe(1));
    expect(screen.getByRole("list", { name: "Categories" })).toHaveAttribute("aria-busy", "true");

    // On the tree as it was before the move, Garden is already before Tools: a drop planned on it would send
    // nothing, or an order that undoes the move being saved.
    fireEvent.drop(screen.getByTestId("drop-before-2"), { dataTransfer: { getData: () => "1" } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(puts).toBe(1);

    finishFirstMove();
    await waitFor(() => expect(puts).toBe(2));
    const sent = api.requests.filter((request) => request.method === "PUT").map((request) => request.data);
    expect(sent).toEqual([
      [
        { categoryID: 2, parentCategoryID: null, sort: 0 },
        { categoryID: 1, parentCategoryID: null, sort: 1 },
      ],
      [
        { categoryID: 1, parentCategoryID: null, sort: 0 },
        { categoryID: 2, parentCategoryID: null, sort: 1 },
      ],
    ]);
    await waitFor(() =>
      expect(screen.getByRole("list", { name: "Categories" })).not.toHaveAttribute("aria-busy"),
    );
    expect(await screen.findByText("Moved Garden.")).toBeInTheDocument();
  });

  it("creates a category with a url code made from its name, and shows field errors", async () => {
    const user = userEvent.setup();
    let posts = 0;
    const calls = renderTree(() => {
      posts += 1;
      return posts === 1
        ? {
            status: 422,
            data: {
              message: "Validation Failed",
              status: 422,
              errors: [
                {
                  field: "urlcode",
                  code: "unique",
                  message: "The urlcode is already in use by another category.",
                },
              ],
            },
          }
        : { status: 201, data: {} };
    });
    await user.click(await screen.findByRole("button", { name: "New category" }));
    const dialog = await screen.findByRole("dialog", { name: "New category" });
    await user.type(within(dialog).getByLabelText(/^Name/), "Seed Swaps!");
    expect(within(dialog).getByLabelText(/^URL code/)).toHaveValue("seed-swaps");
    await user.selectOptions(within(dialog).getByLabelText("Parent category"), "Garden");
    await user.click(within(dialog).getByRole("button", { name: "Create category" }));
    expect(
      await within(dialog).findByText("The urlcode is already in use by another category."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Create category" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.requests.find((request) => request.method === "POST")).toMatchObject({
      url: "categories",
      data: { name: "Seed Swaps!", urlcode: "seed-swaps", parentCategoryID: 1, displayAs: "discussions" },
    });
  });

  it("deletes a category moving its contents to another, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    let deletes = 0;
    const calls = renderTree(() => {
      deletes += 1;
      return deletes === 1
        ? { status: 409, data: { status: 409, message: "The category has subcategories." } }
        : { status: 204 };
    });
    await user.click(await screen.findByRole("button", { name: "Delete Tools" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Tools" });
    expect(within(dialog).getByText("Its 2 discussions")).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText("Move contents to"), "4");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The category has subcategories.");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.requests.filter((request) => request.method === "DELETE").at(-1)).toMatchObject({
      url: "categories/2?newCategoryID=4",
    });
  });

  it("deletes a big category over several rounds with the progress dialog, then reloads the tree", async () => {
    const user = userEvent.setup();
    const progress = (successIDs: number[], callbackPayload: string | null) => ({
      progress: { successIDs, failedIDs: [], exceptionsByID: {}, countTotalIDs: 5 },
      callbackPayload,
    });
    let gone = false;
    api = mockApi((request) => {
      if (request.url === "users/$me/permissions") return { data: SITE_MANAGER };
      if (request.method === "GET" && request.url === "categories")
        return { data: gone ? TREE.filter((row) => row.categoryID !== 2) : TREE };
      if (request.method === "DELETE") return { status: 408, data: progress([1, 2], "round-2") };
      if (request.url === "calls/run" && request.data === "round-2")
        return { status: 408, data: progress([3, 4], "round-3") };
      if (request.url === "calls/run" && request.data === "round-3") {
        gone = true;
        return { status: 200, data: progress([5], null) };
      }
      return { status: 400, data: { status: 400, message: "Invalid or expired callback payload." } };
    });
    renderWithStore(<CategoriesSection />);
    await user.click(await screen.findByRole("button", { name: "Delete Tools" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Tools" });
    await user.click(within(dialog).getByRole("radio", { name: "Delete them with the category" }));
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    const runner = await screen.findByRole("dialog", { name: "Delete Tools" });
    await waitFor(() => expect(within(runner).getByText("Done.")).toBeInTheDocument());
    expect(within(runner).getByTestId("longRunner-succeeded")).toHaveTextContent("5");
    expect(within(runner).getByTestId("longRunner-failed")).toHaveTextContent("0");
    expect(api.requests.filter((request) => request.method === "DELETE")).toMatchObject([
      { url: "categories/2", params: { longRunnerMode: "sync" } },
    ]);
    expect(api.requests.filter((request) => request.url === "calls/run")).toHaveLength(2);
    // The tree reloads as soon as the category is gone; Close ends the dialog.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Edit Tools" })).not.toBeInTheDocument());
    expect(screen.getByRole("dialog", { name: "Delete Tools" })).toBe(runner);
    await user.click(within(runner).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("stops a big delete when asked, keeping what was done, and reloads the tree", async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => {
      release = resolve;
    });
    let loads = 0;
    const progress = (successIDs: number[], callbackPayload: string) => ({
      status: 408,
      data: {
        progress: { successIDs, failedIDs: [], exceptionsByID: {}, countTotalIDs: 3 },
        callbackPayload,
      },
    });
    api = mockApi(async (request) => {
      if (request.url === "users/$me/permissions") return { data: SITE_MANAGER };
      if (request.method === "GET" && request.url === "categories") {
        loads += 1;
        return { data: TREE };
      }
      if (request.method === "DELETE") return progress([1], "round-2");
      // The second round is still running when the administrator cancels.
      await waiting;
      return progress([2], "round-3");
    });
    renderWithStore(<CategoriesSection />);
    await user.click(await screen.findByRole("button", { name: "Delete Tools" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Tools" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await screen.findByTestId("longRunner-succeeded");
    const runner = screen.getByRole("dialog", { name: "Delete Tools" });
    await user.click(within(runner).getByRole("button", { name: "Cancel" }));
    release();
    await waitFor(() => expect(within(runner).getByText("Cancelled.")).toBeInTheDocument());
    expect(within(runner).getByTestId("longRunner-succeeded")).toHaveTextContent("2");
    expect(api.requests.filter((request) => request.url === "calls/run")).toHaveLength(1);
    const before = loads;
    await user.click(within(runner).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(loads).toBe(before + 1));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("edits reply display and pre-moderation, showing the category's current values", async () => {
    const user = userEvent.setup();
    const calls = renderTree(() => ({ status: 200, data: {} }));
    await user.click(await screen.findByRole("button", { name: "Edit Tools" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Tools" });
    const replies = within(dialog).getByLabelText("Replies");
    const preModeration = within(dialog).getByRole("checkbox", {
      name: "Hold new posts for approval (pre-moderation)",
    });
    expect(replies).toHaveValue("flat");
    expect(preModeration).not.toBeChecked();
    await user.selectOptions(replies, "threaded");
    await user.click(preModeration);
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.requests.find((request) => request.method === "PATCH")).toMatchObject({
      url: "categories/2",
      data: { replyDisplay: "threaded", preModeration: true },
    });
  });
});
