import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import type { Badge } from "../../api/badgesApi";
import { BadgesSection } from "./BadgesSection";

function badge(badgeID: number, name: string, fields: Partial<Badge> = {}): Badge {
  const slug = name.toLowerCase().replace(/\s+/g, "-");
  return {
    badgeID,
    slug,
    name,
    description: "",
    icon: "🏅",
    type: "manual",
    threshold: null,
    points: 0,
    countRecipients: 0,
    url: `/badges/${slug}`,
    dateInserted: "2026-11-01T10:00:00Z",
    ...fields,
  };
}

const ana = {
  userID: 7,
  name: "Ana",
  photoUrl: "",
  url: "/profile/Ana",
  dateLastActive: null,
  banned: 0,
  private: false,
};

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function renderSection() {
  return renderWithStore(
    <>
      <BadgesSection />
      <ToastContainer />
    </>,
  );
}

describe("BadgesSection", () => {
  it("lists badges by rule, adds a rule badge with its threshold and edits one", async () => {
    const badges = [
      badge(1, "First Post", { type: "firstPost", countRecipients: 40, points: 2 }),
      badge(2, "Helpful", { type: "reactions", threshold: 25, points: 10 }),
    ];
    api = mockApi((request) => {
      if (request.method === "GET") return { data: badges };
      if (request.method === "POST") {
        const created = badge(3, "Chatty", { type: "comments", threshold: 100 });
        badges.push(created);
        return { status: 201, data: created };
      }
      return { data: badges[1] };
    });
    const user = userEvent.setup();
    renderSection();

    const table = await screen.findByRole("table");
    expect(within(table).getByRole("row", { name: /First Post/ })).toHaveTextContent("First post");
    expect(within(table).getByRole("row", { name: /First Post/ })).toHaveTextContent("40");
    expect(within(table).getByRole("row", { name: /Helpful/ })).toHaveTextContent(
      "Positive reactions received: 25",
    );

    await user.click(screen.getByRole("button", { name: "Add Badge" }));
    const dialog = screen.getByRole("dialog", { name: "Add Badge" });
    await user.type(within(dialog).getByRole("textbox", { name: /Name/ }), "Chatty");
    expect(within(dialog).queryByRole("spinbutton", { name: /Comments/ })).toBeNull();
    await user.selectOptions(
      within(dialog).getByRole("combobox", { name: "Awarded for" }),
      "Comments written",
    );
    await user.type(within(dialog).getByRole("spinbutton", { name: /Comments/ }), "100");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.requests).toContainEqual(
      expect.objectContaining({
        method: "POST",
        url: "badges",
        data: { name: "Chatty", description: "", icon: "🏅", type: "comments", threshold: 100, points: 0 },
      }),
    );
    expect(await screen.findByText("The badge Chatty was added.")).toBeInTheDocument();
    expect(await screen.findByRole("row", { name: /Chatty/ })).toHaveTextContent("Comments written: 100");

    await user.click(screen.getByRole("button", { name: "Edit Helpful" }));
    const edit = screen.getByRole("dialog", { name: "Edit Badge" });
    const threshold = within(edit).getByRole("spinbutton", { name: /Reactions/ });
    expect(threshold).toHaveValue(25);
    await user.clear(threshold);
    await user.type(threshold, "50");
    await user.click(within(edit).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(api?.requests).toContainEqual(
        expect.objectContaining({
          method: "PATCH",
          url: "badges/2",
          data: expect.objectContaining({ type: "reactions", threshold: 50, points: 10 }),
        }),
      ),
    );
  });

  it("awards a badge to a member found by name, says when no member has the name, and deletes a badge", async () => {
    const badges = [badge(4, "Helper", { countRecipients: 3, points: 5 })];
    api = mockApi((request) => {
      if (request.method === "GET" && request.url === "users/by-names") {
        const { name } = request.params as { name: string };
        return { data: name.toLowerCase() === "ana" ? [ana] : [] };
      }
      if (request.method === "GET") return { data: badges };
      if (request.method === "DELETE") return { status: 204 };
      return { status: 201, data: [] };
    });
    const user = userEvent.setup();
    renderSection();

    await user.click(await screen.findByRole("button", { name: "Award Helper" }));
    const dialog = screen.getByRole("dialog", { name: "Award Badge" });
    await user.type(within(dialog).getByRole("textbox", { name: /Member/ }), "Nobody");
    await user.click(within(dialog).getByRole("button", { name: "Award Helper" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("No member is named Nobody.");
    expect(api.requests.some((request) => request.method === "POST")).toBe(false);

    const member = within(dialog).getByRole("textbox", { name: /Member/ });
    await user.clear(member);
    await user.type(member, "ana");
    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Answers every question");
    await user.click(within(dialog).getByRole("button", { name: "Award Helper" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.requests).toContainEqual(
      expect.objectContaining({
        method: "POST",
        url: "badges/4/recipients",
        data: { userID: 7, reason: "Answers every question" },
      }),
    );
    expect(await screen.findByText("ana was awarded Helper.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete Helper" }));
    const confirm = screen.getByRole("dialog", { name: "Delete Badge" });
    expect(confirm).toHaveTextContent("3 members hold Helper; they lose it and its points.");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.requests).toContainEqual(expect.objectContaining({ method: "DELETE", url: "badges/4" }));
  });
});
