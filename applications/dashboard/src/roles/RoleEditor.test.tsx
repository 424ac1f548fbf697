import type { Category } from "@forum/api/categories";
import type { PermissionDescription, RolePermissionsPreview } from "@forum/api/permissionCatalog";
import type { Role } from "@forum/api/roles";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { mockApi, type MockHandler } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { RolesSection } from "./RolesSection";

const CATALOG: PermissionDescription[] = [
  { name: "site.manage", label: "Manage the site", group: "Site", scope: "global" },
  { name: "discussions.add", label: "Start discussions", group: "Categories", scope: "category" },
  { name: "posts.moderate", label: "Moderate posts", group: "Categories", scope: "category" },
  { name: "polls.add", label: "Create polls", group: "Polls", scope: "global" },
];

function category(categoryID: number, name: string, customPermissions: boolean): Category {
  return { categoryID, name, customPermissions, parentCategoryID: null, depth: 1 } as Category;
}

const CATEGORIES = [category(5, "Announcements", true), category(6, "Help", false)];

const HELPERS: Role = {
  roleID: 9,
  name: "Helpers",
  description: null,
  type: null,
  deletable: true,
  personalInfo: false,
  permissions: [
    { type: "global", id: null, permissions: { "discussions.add": true } },
    { type: "category", id: 5, permissions: { "posts.moderate": true } },
  ],
};

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function renderAt(path: string, handler: MockHandler) {
  api = mockApi(handler);
  renderWithStore(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/roles/*" element={<RolesSection />} />
      </Routes>
    </MemoryRouter>,
  );
  return api;
}

function reads(request: { method: string; url: string }) {
  if (request.url === "dashboard/permissions") return { data: CATALOG };
  if (request.url === "categories") return { data: CATEGORIES };
  if (request.url === "roles/9" && request.method === "GET") return { data: HELPERS };
  return null;
}

describe("RoleEditor", () => {
  it("renders the matrix from the declared permissions, previews the change and saves only the changed cells", async () => {
    const user = userEvent.setup();
    const preview: RolePermissionsPreview = {
      members: 3,
      locksOutAdministrators: false,
      changes: [
        {
          type: "global",
          id: null,
          permission: "polls.add",
          change: "gain",
          count: 3,
          names: ["Ann", "Bo", "Cy"],
        },
        { type: "category", id: 5, permission: "posts.moderate", change: "lose", count: 1, names: ["Ann"] },
      ],
    };
    const calls = renderAt("/dashboard/roles/9", (request) => {
      const read = reads(request);
      if (read) return read;
      if (request.url === "roles/9/permissions/preview") return { data: preview };
      return { data: [] };
    });
    const matrix = await screen.findByRole("table");
    expect(within(matrix).getByRole("columnheader", { name: "Global" })).toBeInTheDocument();
    expect(within(matrix).getByRole("columnheader", { name: "Announcements" })).toBeInTheDocument();
    expect(within(matrix).queryByRole("columnheader", { name: "Help" })).not.toBeInTheDocument();
    expect(within(matrix).getByRole("columnheader", { name: "Polls" })).toBeInTheDocument();
    expect(screen.getByLabelText("Start discussions (Global)")).toBeChecked();
    expect(screen.getByLabelText("Moderate posts (Announcements)")).toBeChecked();
    // A global-only permission has no cell in a category column.
    expect(screen.queryByLabelText("Manage the site (Announcements)")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();

    await user.click(screen.getByLabelText("Create polls (Global)"));
    await user.click(screen.getByLabelText("Moderate posts (Announcements)"));
    expect(screen.getByText("You have unsaved changes")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));

    const review = await screen.findByRole("region", { name: "Review changes" });
    expect(within(review).getByText("3 members have this role.")).toBeInTheDocument();
    expect(within(review).getByText("Gain Create polls (Global): Ann, Bo, Cy")).toBeInTheDocument();
    expect(within(review).getByText("Lose Moderate posts (Announcements): Ann")).toBeInTheDocument();
    const previewRequest = calls.requests.find((request) => request.url === "roles/9/permissions/preview");
    expect(previewRequest?.data).toEqual({
      mode: "merge",
      permissions: [
        { type: "global", id: null, permissions: { "polls.add": true } },
        { type: "category", id: 5, permissions: { "posts.moderate": false } },
      ],
    });
    expect(calls.requests.some((request) => request.method === "PATCH")).toBe(false);

    await user.click(within(review).getByRole("button", { name: "Confirm and save" }));
    await waitFor(() => expect(screen.queryByText("You have unsaved changes")).not.toBeInTheDocument());
    const writes = calls.requests.filter((request) => request.method === "PATCH");
    expect(writes).toEqual([
      {
        method: "PATCH",
        url: "roles/9/permissions",
        params: undefined,
        data: previewRequest?.data && (previewRequest.data as { permissions: unknown }).permissions,
      },
    ]);
  });

  it("refuses to save a change that would lock the administrators out", async () => {
    const user = userEvent.setup();
    renderAt(
      "/dashboard/roles/9",
      (request) =>
        reads(request) ?? {
          data: {
            members: 1,
            locksOutAdministrators: true,
            changes: [
              {
                type: "global",
                id: null,
                permission: "site.manage",
                change: "lose",
                count: 1,
                names: ["Ann"],
              },
            ],
          },
        },
    );
    await user.click(await screen.findByLabelText("Manage the site (Global)"));
    await user.click(screen.getByLabelText("Manage the site (Global)"));
    await user.click(screen.getByLabelText("Start discussions (Global)"));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This change would leave nobody able to manage the site.",
    );
    expect(screen.getByRole("button", { name: "Confirm and save" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Back to editing" }));
    expect(screen.getByRole("button", { name: "Save" })).toBeEnabled();
  });

  it("creates a role with its name, type and every ticked permission, and shows a name error from the server", async () => {
    const user = userEvent.setup();
    let posts = 0;
    const calls = renderAt("/dashboard/roles/new", (request) => {
      const read = reads(request);
      if (read) return read;
      if (request.method === "GET") return { data: [HELPERS] };
      posts += 1;
      if (posts === 1)
        return {
          status: 422,
          data: {
            message: "Validation Failed",
            status: 422,
            errors: [{ field: "name", code: "unique", message: "A role with this name already exists." }],
          },
        };
      return { status: 201, data: { ...HELPERS, roleID: 10, name: "Curators" } };
    });
    await user.type(await screen.findByLabelText(/Name/), "Curators");
    await user.selectOptions(screen.getByLabelText("Default type"), "moderator");
    await user.click(screen.getByLabelText("Moderate posts (Announcements)"));
    await user.click(screen.getByRole("button", { name: "Create role" }));
    expect(await screen.findByText("A role with this name already exists.")).toBeInTheDocument();
    expect(calls.requests.at(-1)).toMatchObject({
      method: "POST",
      url: "roles",
      data: {
        name: "Curators",
        type: "moderator",
        description: null,
        personalInfo: false,
        permissions: [{ type: "category", id: 5, permissions: { "posts.moderate": true } }],
      },
    });
    await user.click(screen.getByRole("button", { name: "Create role" }));
    expect(await screen.findByRole("link", { name: "New role" })).toBeInTheDocument();
  });

  it("gives a category its own permissions, copying every role's current access there", async () => {
    const user = userEvent.setup();
    let categories = CATEGORIES;
    const calls = renderAt("/dashboard/roles/9", (request) => {
      if (request.url === "categories" && request.method === "GET") return { data: categories };
      const read = reads(request);
      if (read) return read;
      if (request.url === "roles")
        return {
          data: [
            HELPERS,
            {
              roleID: 2,
              name: "Guest",
              description: null,
              permissions: [{ type: "global", id: null, permissions: {} }],
            },
          ],
        };
      categories = [CATEGORIES[0] as Category, category(6, "Help", true)];
      return { data: {} };
    });
    await user.selectOptions(await screen.findByLabelText("Add a category with its own permissions"), "6");
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Give it its own permissions" }));
    expect(await screen.findByRole("columnheader", { name: "Help" })).toBeInTheDocument();
    expect(calls.requests.find((request) => request.method === "PATCH")).toEqual({
      method: "PATCH",
      url: "categories/6",
      params: undefined,
      data: {
        customPermissions: true,
        permissions: [
          { roleID: 9, permissions: { "discussions.add": true, "posts.moderate": false } },
          { roleID: 2, permissions: { "discussions.add": false, "posts.moderate": false } },
        ],
      },
    });
  });
});

describe("RoleList", () => {
  it("lists the roles and deletes one after a confirmation", async () => {
    const user = userEvent.setup();
    const calls = renderAt("/dashboard/roles", (request) =>
      request.method === "GET"
        ? {
            data: [
              HELPERS,
              { roleID: 1, name: "Guest", description: "Visitors", type: "guest", deletable: false },
            ],
          }
        : { status: 204 },
    );
    const row = (await screen.findByRole("cell", { name: "Helpers" })).closest("tr") as HTMLElement;
    expect(screen.queryByRole("button", { name: "Delete Guest" })).not.toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Delete Helpers" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Delete the role Helpers? Its members keep their other roles.");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Helpers" })).not.toBeInTheDocument());
    expect(calls.requests.at(-1)).toMatchObject({ method: "DELETE", url: "roles/9" });
  });
});
