import type { Role } from "@forum/api/roles";
import type { User } from "@forum/api/users";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { mockApi, type MockHandler } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { MembersSection } from "./MembersSection";

const ROLES: Role[] = [
  { roleID: 3, name: "Applicant", description: null, type: "applicant", assignable: true },
  { roleID: 4, name: "Member", description: null, type: "member", assignable: true },
  { roleID: 5, name: "Moderator", description: null, type: "moderator", assignable: true },
];

function user(userID: number, name: string, extra: Partial<User> = {}): User {
  return {
    userID,
    name,
    email: `${name.toLowerCase()}@example.test`,
    photoUrl: "",
    url: "",
    banned: 0,
    dateInserted: "2026-11-01T10:00:00+00:00",
    dateLastActive: null,
    roles: [{ roleID: 4, name: "Member" }],
    lastIPAddress: "10.0.0.7",
    ...extra,
  } as User;
}

const ANN = user(11, "Ann", { title: "Gardener" });
const BO = user(12, "Bo", { banned: 1 });
const CY = user(13, "Cy", { roles: [{ roleID: 3, name: "Applicant" }] });

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function renderMembers(handler: MockHandler, path = "/dashboard/members") {
  api = mockApi(handler);
  renderWithStore(
    <MemoryRouter initialEntries={[path]}>
      <MembersSection />
    </MemoryRouter>,
  );
  return api;
}

const listHeaders = { "x-app-page-current": "1", "x-app-page-limit": "30", "x-app-page-result-count": "3" };

function answer(request: { method: string; url: string }) {
  if (request.url === "roles") return { data: ROLES };
  if (request.url === "users" && request.method === "GET")
    return { data: [ANN, BO, CY], headers: listHeaders };
  return { data: {} };
}

describe("MembersSection", () => {
  it("lists members with roles, dates and IP, searches, filters and sorts through the query", async () => {
    const user = userEvent.setup();
    const calls = renderMembers(answer);
    const ann = (await screen.findByText("Ann")).closest("tr") as HTMLElement;
    expect(within(ann).getByText("ann@example.test")).toBeInTheDocument();
    expect(within(ann).getByText("Gardener")).toBeInTheDocument();
    expect(within(ann).getByText("10.0.0.7")).toHaveAttribute("data-label", "IP address");
    // On a phone each row is a card whose values show their column's heading (dashboard.css, data-label).
    expect(within(ann).getByText("Member")).toHaveAttribute("data-label", "Roles");
    expect(
      within(screen.getByText("Bo").closest("tr") as HTMLElement).getByText("Banned"),
    ).toBeInTheDocument();
    expect(calls.requests.find((request) => request.url === "users")?.params).toMatchObject({
      sort: "-dateInserted",
      page: 1,
    });
    expect(screen.getByRole("columnheader", { name: /Joined/ })).toHaveAttribute("aria-sort", "descending");

    await user.type(screen.getByLabelText("Search members"), "ann");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(calls.requests.at(-1)).toMatchObject({
        url: "users",
        params: { query: "ann", sort: "-dateInserted" },
      }),
    );
    await user.selectOptions(screen.getByLabelText("Role"), "Applicants (waiting for approval)");
    await waitFor(() =>
      expect(calls.requests.at(-1)).toMatchObject({ params: { roleID: "3", query: "ann" } }),
    );
    await user.click(screen.getByRole("button", { name: /Name/ }));
    await waitFor(() => expect(calls.requests.at(-1)).toMatchObject({ params: { sort: "name" } }));
    expect(screen.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending");
  });

  it("approves an applicant, unbans a banned member and bans with a reason and a length", async () => {
    const user = userEvent.setup();
    const calls = renderMembers(answer);
    await user.click(await screen.findByRole("button", { name: "Approve Cy" }));
    await waitFor(() =>
      expect(calls.requests.some((request) => request.url === "users/13/approve")).toBe(true),
    );
    expect(screen.queryByRole("button", { name: "Approve Ann" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Unban Bo" }));
    await waitFor(() =>
      expect(calls.requests.find((request) => request.url === "users/12/ban")).toMatchObject({
        method: "PUT",
        data: { banned: false },
      }),
    );

    await user.click(screen.getByRole("button", { name: "Ban Ann" }));
    const dialog = await screen.findByRole("dialog", { name: "Ban Ann" });
    await user.type(within(dialog).getByLabelText("Reason"), "Spam");
    await user.selectOptions(within(dialog).getByLabelText("Length"), "1 week");
    await user.click(within(dialog).getByRole("button", { name: "Ban" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.requests.find((request) => request.url === "users/11/ban")).toMatchObject({
      method: "PUT",
      data: { banned: true, reason: "Spam", days: 7 },
    });
  });

  it("edits roles, title and email, and deletes keeping the posts", async () => {
    const user = userEvent.setup();
    const calls = renderMembers(answer);
    await user.click(await screen.findByRole("button", { name: "Edit Ann" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Ann" });
    await user.click(await within(dialog).findByLabelText("Moderator"));
    await user.clear(within(dialog).getByLabelText("Title"));
    await user.type(within(dialog).getByLabelText("Title"), "Head Gardener");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.requests.find((request) => request.method === "PATCH")).toMatchObject({
      url: "users/11",
      data: { roleID: [4, 5], title: "Head Gardener" },
    });

    await user.click(screen.getByRole("button", { name: "Delete Bo" }));
    const remove = await screen.findByRole("dialog", { name: "Delete Bo" });
    expect(within(remove).getByLabelText("Keep their posts (shown as 'User Deleted')")).toBeChecked();
    await user.click(within(remove).getByLabelText("Delete their posts"));
    await user.click(within(remove).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.requests.find((request) => request.method === "DELETE")).toMatchObject({
      url: "users/12",
      data: { deleteMethod: "delete" },
    });
  });

  it("shows the server's refusal in the dialog (the last administrator)", async () => {
    const user = userEvent.setup();
    renderMembers((request) =>
      request.method === "PATCH"
        ? {
            status: 409,
            data: { status: 409, message: "This change would leave nobody able to manage the site." },
          }
        : answer(request),
    );
    await user.click(await screen.findByRole("button", { name: "Edit Ann" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Ann" });
    await user.click(await within(dialog).findByLabelText("Member"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "This change would leave nobody able to manage the site.",
    );
  });

  it("offers only roles that go together: no Guest, Unconfirmed and Applicant alone", async () => {
    const user = userEvent.setup();
    const roles: Role[] = [
      { roleID: 1, name: "Guest", description: null, type: "guest", assignable: true },
      { roleID: 2, name: "Unconfirmed", description: null, type: "unconfirmed", assignable: true },
      ...ROLES,
      { roleID: 6, name: "Gardeners", description: null, type: null, assignable: true },
    ];
    const calls = renderMembers((request) => (request.url === "roles" ? { data: roles } : answer(request)));
    await user.click(await screen.findByRole("button", { name: "Edit Ann" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Ann" });
    const box = (name: string) => within(dialog).getByRole("checkbox", { name });
    await within(dialog).findByRole("checkbox", { name: "Moderator" });
    expect(within(dialog).queryByRole("checkbox", { name: "Guest" })).not.toBeInTheDocument();

    await user.click(box("Gardeners"));
    expect([box("Member"), box("Gardeners")].map((item) => (item as HTMLInputElement).checked)).toEqual([
      true,
      true,
    ]);
    await user.click(box("Unconfirmed"));
    expect(box("Unconfirmed")).toBeChecked();
    expect(box("Member")).not.toBeChecked();
    expect(box("Gardeners")).not.toBeChecked();
    await user.click(box("Applicant"));
    expect(box("Applicant")).toBeChecked();
    expect(box("Unconfirmed")).not.toBeChecked();
    await user.click(box("Moderator"));
    expect(box("Moderator")).toBeChecked();
    expect(box("Applicant")).not.toBeChecked();
    await user.click(box("Member"));

    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.requests.find((request) => request.method === "PATCH")).toMatchObject({
      url: "users/11",
      data: { roleID: [5, 4] },
    });
  });
});
