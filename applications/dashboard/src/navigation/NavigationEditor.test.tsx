import type { NavigationItem } from "@forum/api/navigation";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { installBootstrap } from "@library/src/testing/bootstrapFixture";
import { mockApi, type MockReply } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import { NavigationEditor } from "./NavigationEditor";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const builtIns: NavigationItem[] = [
  { id: "posts", name: "Posts", url: "/discussions" },
  { id: "categories", name: "Categories", url: "/categories" },
];

function renderEditor(onPut: (body: { locale: string; items: NavigationItem[] }) => MockReply) {
  installBootstrap({ config: { "garden.locale": "en" } });
  api = mockApi((request) => {
    if (request.method === "GET" && request.url === "navigation/edit")
      return { data: { locale: "en", items: builtIns, isCustom: false } };
    if (request.method === "GET" && request.url === "roles")
      return {
        data: [
          { roleID: 8, name: "Member" },
          { roleID: 32, name: "Moderator" },
        ],
      };
    if (request.method === "GET" && request.url === "locales") return { data: [] };
    if (request.method === "PUT") return onPut(request.data as { locale: string; items: NavigationItem[] });
    return { status: 404, data: { message: "Not found", status: 404 } };
  });
  return renderWithStore(
    <MemoryRouter>
      <NavigationEditor />
      <ToastContainer />
    </MemoryRouter>,
  );
}

describe("NavigationEditor", () => {
  it("adds an item with two children for one role, reorders, and saves the tree", async () => {
    let saved: NavigationItem[] = [];
    renderEditor((body) => {
      saved = body.items;
      return { data: { locale: "en", items: body.items, isCustom: true } };
    });
    const user = userEvent.setup();
    await screen.findByDisplayValue("Posts");
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Add Item" }));
    const names = screen.getAllByRole("textbox", { name: "Name" });
    await user.type(names[2]!, "Help");
    await user.type(screen.getAllByRole("textbox", { name: "Link" })[2]!, "/help");
    await user.click(screen.getByRole("button", { name: "Add a child to Help" }));
    await user.click(screen.getByRole("button", { name: "Add a child to Help" }));
    const childNames = screen.getAllByRole("textbox", { name: "Name" }).slice(3);
    await user.type(childNames[0]!, "Guides");
    await user.type(screen.getAllByRole("textbox", { name: "Link" })[3]!, "/guides");
    await user.type(childNames[1]!, "Staff");
    await user.type(screen.getAllByRole("textbox", { name: "Link" })[4]!, "/staff");
    await user.click(screen.getAllByText("All roles")[4]!);
    await user.click(screen.getAllByRole("checkbox", { name: "Moderator" })[4]!);
    await user.click(screen.getByRole("button", { name: "Move Help up" }));
    await user.click(screen.getByRole("button", { name: "Remove Posts" }));

    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(saved.length).toBe(2));
    expect(saved[0]).toMatchObject({ name: "Help", url: "/help" });
    expect(saved[0]?.children).toEqual([
      expect.objectContaining({ name: "Guides", url: "/guides" }),
      expect.objectContaining({ name: "Staff", url: "/staff", roleIDs: [32] }),
    ]);
    expect(saved[1]).toMatchObject({ name: "Categories" });
    expect(await screen.findByText("The navigation was saved.")).toBeInTheDocument();
  });

  it("shows the API's field error under the link it is about", async () => {
    renderEditor(() => ({
      status: 422,
      data: {
        message: "Validation Failed",
        status: 422,
        errors: [{ field: "items[1].url", code: "unsafeUrl", message: "Links must be site paths." }],
      },
    }));
    const user = userEvent.setup();
    await screen.findByDisplayValue("Categories");
    const link = screen.getAllByRole("textbox", { name: "Link" })[1]!;
    await user.clear(link);
    await user.type(link, "javascript:alert(1)");
    await user.click(screen.getByRole("button", { name: "Save" }));
    const row = link.closest("fieldset") as HTMLElement;
    expect(await within(row).findByText("Links must be site paths.")).toBeInTheDocument();
  });
});
