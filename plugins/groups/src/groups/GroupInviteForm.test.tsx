import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { GroupInviteForm } from "./GroupInviteForm";
import { parseEmails } from "./invitationDraft";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const user = (userID: number, name: string) => ({
  userID,
  name,
  url: `/profile/${name}`,
  photoUrl: "",
  dateLastActive: null,
  banned: 0,
  private: false,
});

describe("GroupInviteForm", () => {
  it("parses the typed addresses: any separator, duplicates once", () => {
    expect(parseEmails(" a@x.org, b@x.org;a@x.org\nc@x.org  ")).toEqual(["a@x.org", "b@x.org", "c@x.org"]);
    expect(parseEmails(" , ")).toEqual([]);
  });

  it("invites members by name and addresses, shows each result and clears the draft", async () => {
    api = mockApi((request) => {
      if (request.url === "users/by-names") {
        const name = (request.params as { name: string }).name;
        return { data: name === "Bob" ? [user(3, "Bob")] : name === "Cleo" ? [user(4, "Cleo")] : [] };
      }
      return {
        status: 201,
        data: [
          { userID: 3, insertUserID: 1, dateInserted: "2026-11-28T12:00:00Z" },
          { email: "friend@example.com", insertUserID: 1, dateInserted: "2026-11-28T12:00:00Z" },
        ],
      };
    });
    const person = userEvent.setup();
    renderWithStore(<GroupInviteForm groupID={7} />);
    const name = screen.getByRole("textbox", { name: "Member name" });
    await person.type(name, "Bob");
    await person.click(screen.getByRole("button", { name: "Add" }));
    await person.type(name, "Cleo{Enter}");
    await person.type(name, "Nobody");
    await person.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("No member has this name.")).toBeInTheDocument();
    const invitees = screen.getByRole("list", { name: "Invitees" });
    expect(
      within(invitees)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Bob×", "Cleo×"]);
    await person.type(screen.getByRole("textbox", { name: "Email addresses" }), "friend@example.com");
    await person.click(screen.getByRole("button", { name: "Invite (3)" }));

    const results = await screen.findByRole("list", { name: "Invitation results" });
    expect(
      within(results)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Bob: Invited", "Cleo: Already a member or invited", "friend@example.com: Invited"]);
    const post = api.requests.find((request) => request.method === "POST");
    expect(post?.url).toBe("groups/7/invitations");
    expect(post?.data).toEqual({ userIDs: [3, 4], emails: ["friend@example.com"] });
    expect(screen.getByRole("textbox", { name: "Email addresses" })).toHaveValue("");
    expect(screen.queryByRole("list", { name: "Invitees" })).not.toBeInTheDocument();
  });

  it("asks for someone before calling, and keeps the draft when the server refuses", async () => {
    api = mockApi(() => ({
      status: 422,
      data: {
        message: "Validation Failed",
        status: 422,
        errors: [{ field: "emails", code: "format", message: "emails/0 must be an email address." }],
      },
    }));
    const person = userEvent.setup();
    renderWithStore(<GroupInviteForm groupID={7} />);
    await person.click(screen.getByRole("button", { name: "Invite" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Add a member or an email address.");
    expect(api.requests).toHaveLength(0);
    await person.type(screen.getByRole("textbox", { name: "Email addresses" }), "nope");
    await person.click(screen.getByRole("button", { name: "Invite (1)" }));
    expect(await screen.findByText("emails/0 must be an email address.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Email addresses" })).toHaveValue("nope");
  });
});
