import type { Invitation } from "@forum/api/invitations";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { mockApi, type MockHandler } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import { InvitationsSection } from "./InvitationsSection";
import { splitEmails } from "./InviteForm";

const ADMIN = {
  userID: 1,
  name: "Admin",
  photoUrl: "",
  url: "/profile/Admin",
  dateLastActive: null,
  banned: 0,
  private: false,
};

function invitation(invitationID: number, email: string, extra: Partial<Invitation> = {}): Invitation {
  return {
    invitationID,
    email,
    status: "pending",
    insertUserID: 1,
    insertUser: ADMIN,
    dateInserted: "2026-11-20T10:00:00+00:00",
    dateExpires: "2026-11-27T10:00:00+00:00",
    acceptedUserID: null,
    acceptedUser: null,
    dateAccepted: null,
    ...extra,
  };
}

const PENDING = invitation(1, "ann@example.test");
const ACCEPTED = invitation(2, "bo@example.test", {
  status: "accepted",
  acceptedUserID: 7,
  acceptedUser: { ...ADMIN, userID: 7, name: "Bo" },
  dateAccepted: "2026-11-21T10:00:00+00:00",
});

const listHeaders = { "x-app-page-current": "1", "x-app-page-limit": "30", "x-app-page-result-count": "2" };

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function renderSection(handler: MockHandler) {
  api = mockApi((request) =>
    request.method === "GET" && request.url === "invitations"
      ? { data: [PENDING, ACCEPTED], headers: listHeaders }
      : handler(request),
  );
  renderWithStore(
    <MemoryRouter initialEntries={["/dashboard/invitations"]}>
      <InvitationsSection />
      <ToastContainer />
    </MemoryRouter>,
  );
  return api;
}

describe("InvitationsSection", () => {
  it("splits addresses on lines, commas and spaces", () => {
    expect(splitEmails(" a@x.org, b@y.org\nc@z.org;  ")).toEqual(["a@x.org", "b@y.org", "c@z.org"]);
  });

  it("lists invitations with their status; only unused ones can be revoked", async () => {
    renderSection(() => ({ status: 204 }));
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1] as HTMLElement).getByText("Pending")).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText("Registered as Bo")).toBeInTheDocument();
    expect(
      screen.getByRole("button", { name: "Revoke the invitation to ann@example.test" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Revoke the invitation to bo@example.test" })).toBeNull();
  });

  it("sends to several addresses with a note, shows field errors, then what was sent and skipped", async () => {
    const user = userEvent.setup();
    let posts = 0;
    const calls = renderSection(() => {
      posts += 1;
      return posts === 1
        ? {
            status: 422,
            data: {
              status: 422,
              message: "Validation Failed",
              errors: [{ field: "emails.1", code: "format", message: "nope is not a valid email address." }],
            },
          }
        : {
            status: 201,
            data: {
              invitations: [invitation(3, "cy@example.test")],
              skipped: [{ email: "ann@example.test", reason: "invited" }],
            },
          };
    });
    await screen.findByRole("table");
    const form = screen.getByRole("form", { name: "Invite people" });
    await user.type(within(form).getByLabelText(/^Email addresses/), "cy@example.test, nope");
    await user.type(within(form).getByLabelText("Message (optional)"), "Welcome!");
    await user.click(within(form).getByRole("button", { name: "Send 2 invitations" }));
    expect(await within(form).findByText("nope is not a valid email address.")).toBeInTheDocument();
    expect(calls.requests.find((request) => request.method === "POST")).toMatchObject({
      url: "invitations",
      data: { emails: ["cy@example.test", "nope"], message: "Welcome!" },
    });
    await user.click(within(form).getByRole("button", { name: "Send 2 invitations" }));
    expect(
      await screen.findByText("Sent 1 invitation. Already invited: ann@example.test."),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Email addresses/)).toHaveValue("");
  });

  it("asks before revoking, then sends DELETE", async () => {
    const user = userEvent.setup();
    const calls = renderSection(() => ({ status: 204 }));
    await user.click(
      await screen.findByRole("button", { name: "Revoke the invitation to ann@example.test" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Revoke invitation" });
    expect(
      within(dialog).getByText("The link mailed to ann@example.test will stop working."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.requests.find((request) => request.method === "DELETE")).toMatchObject({
      url: "invitations/1",
    });
  });
});
