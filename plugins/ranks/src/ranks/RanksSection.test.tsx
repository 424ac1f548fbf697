import type { Role } from "@forum/api/roles";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import type { Rank } from "../../api/ranksApi";
import { RanksSection } from "./RanksSection";

function rank(rankID: number, name: string, level: number, fields: Partial<Rank> = {}): Rank {
  return {
    rankID,
    name,
    userTitle: "",
    label: name,
    labelHtml: name,
    level,
    manual: false,
    criteria: {},
    abilities: { links: false },
    countUsers: 0,
    ...fields,
  };
}

const roles: Role[] = [
  { roleID: 8, name: "Member", description: null },
  { roleID: 16, name: "Moderator", description: null },
];

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function renderSection() {
  return renderWithStore(
    <>
      <RanksSection />
      <ToastContainer />
    </>,
  );
}

describe("RanksSection", () => {
  it("lists ranks with what earns them, adds one with its criteria and shows the API's field errors", async () => {
    let ranks = [
      rank(1, "Newcomer", 1, { countUsers: 12 }),
      rank(2, "Regular", 2, { criteria: { posts: 10, daysSinceJoin: 30 }, countUsers: 4 }),
      rank(3, "Helper", 3, { manual: true }),
      rank(4, "Staff", 4, { criteria: { roleID: 16 } }),
    ];
    let refuseOnce = true;
    api = mockApi((request) => {
      if (request.method === "GET" && request.url === "roles") return { data: roles };
      if (request.method === "GET") return { data: ranks };
      if (refuseOnce) {
        refuseOnce = false;
        return {
          status: 422,
          data: {
            message: "Validation Failed",
            status: 422,
            errors: [{ field: "name", code: "unique", message: "Another rank has this name.", status: 422 }],
          },
        };
      }
      ranks = [...ranks, rank(5, "Veteran", 5, { criteria: { posts: 100, points: 50 } })];
      return { status: 201, data: ranks[4] };
    });
    const user = userEvent.setup();
    renderSection();

    const table = await screen.findByRole("table");
    const row = (name: string) => within(table).getByRole("row", { name: new RegExp(`\\b${name}\\b`) });
    expect(row("Newcomer")).toHaveTextContent("Every member");
    expect(row("Newcomer")).toHaveTextContent("12");
    expect(row("Regular")).toHaveTextContent("10 posts, 30 days a member");
    expect(row("Helper")).toHaveTextContent("Given by moderators");
    expect(row("Staff")).toHaveTextContent("role Moderator");

    await user.click(screen.getByRole("button", { name: "Add Rank" }));
    const dialog = screen.getByRole("dialog", { name: "Add Rank" });
    expect(within(dialog).getByRole("spinbutton", { name: /Level/ })).toHaveValue(5);
    await user.type(within(dialog).getByRole("textbox", { name: /Name/ }), "Regular");
    await user.type(within(dialog).getByRole("textbox", { name: /Label/ }), "Veteran");
    await user.type(within(dialog).getByRole("spinbutton", { name: "Posts" }), "100");
    await user.type(within(dialog).getByRole("spinbutton", { name: "Points" }), "50");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Another rank has this name.")).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: /Name/ })).toHaveAttribute("aria-invalid", "true");

    const name = within(dialog).getByRole("textbox", { name: /Name/ });
    await user.clear(name);
    await user.type(name, "Veteran");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.requests.filter((request) => request.method === "POST").at(-1)?.data).toEqual({
      name: "Veteran",
      label: "Veteran",
      userTitle: "",
      level: 5,
      manual: false,
      criteria: { posts: 100, points: 50 },
      abilities: { links: false },
    });
    expect(await screen.findByText("The rank Veteran was added.")).toBeInTheDocument();
    expect(await screen.findByRole("row", { name: /Veteran/ })).toHaveTextContent("100 posts, 50 points");
  });

  it("edits a rank into a manual one (its criteria cleared, its label kept) and deletes another", async () => {
    const ranks = [
      rank(2, "Regular", 2, { criteria: { posts: 10 }, countUsers: 4 }),
      rank(3, "Helper", 3, { label: "Helper", labelHtml: "<b>Helper</b>" }),
    ];
    api = mockApi((request) => {
      if (request.method === "GET" && request.url === "roles") return { data: roles };
      if (request.method === "GET") return { data: ranks };
      if (request.method === "DELETE") return { status: 204 };
      return { data: ranks[0] };
    });
    const user = userEvent.setup();
    renderSection();

    await user.click(await screen.findByRole("button", { name: "Edit Helper" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Rank" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Role" }), "Moderator");
    await user.click(within(dialog).getByRole("checkbox", { name: "Given by moderators only" }));
    expect(within(dialog).queryByRole("spinbutton", { name: "Posts" })).toBeNull();
    await user.click(within(dialog).getByRole("checkbox", { name: "Holders may post links" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.requests).toContainEqual(
      expect.objectContaining({
        method: "PATCH",
        url: "ranks/3",
        data: {
          name: "Helper",
          userTitle: "",
          level: 3,
          manual: true,
          criteria: {},
          abilities: { links: true },
        },
      }),
    );

    await user.click(screen.getByRole("button", { name: "Delete Regular" }));
    const confirm = screen.getByRole("dialog", { name: "Delete Rank" });
    expect(confirm).toHaveTextContent(
      "4 members hold Regular; they will get the next rank they qualify for.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.requests).toContainEqual(expect.objectContaining({ method: "DELETE", url: "ranks/2" }));
    expect(await screen.findByText("The rank Regular was deleted.")).toBeInTheDocument();
  });
});
