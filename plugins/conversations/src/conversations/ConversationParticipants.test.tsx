import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { makeUser } from "../testing/conversationFixtures";
import { ConversationParticipants } from "./ConversationParticipants";

jest.mock("@library/src/routing/pageNavigation");

const navigate = jest.mocked(fullPageNavigate);
let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  navigate.mockReset();
});

const people = [
  { userID: 1, name: "Ana", url: "/profile/Ana" },
  { userID: 2, name: "Ben", url: "/profile/Ben" },
];

describe("ConversationParticipants", () => {
  it("lists the people as profile links and adds someone through the member picker", async () => {
    api = mockApi((request) => {
      if (request.url === "users/by-names") return { data: [makeUser(5, "Cleo")] };
      return { data: [{ userID: 5, status: "participating", deleted: false }] };
    });
    const user = userEvent.setup();
    renderWithStore(<ConversationParticipants conversationID={4} participants={people} canAdd />);
    expect(screen.getByRole("link", { name: "Ben" })).toHaveAttribute("href", "/profile/Ben");
    await user.click(screen.getByRole("button", { name: "Add People" }));
    expect(screen.getByRole("button", { name: "Add" })).toBeDisabled();
    await user.type(screen.getByRole("combobox", { name: /Add People/ }), "Cl");
    await user.click(await screen.findByRole("option", { name: /Cleo/ }));
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByRole("link", { name: "Cleo" })).toHaveAttribute("href", "/profile/Cleo");
    expect(api.requests.at(-1)).toMatchObject({
      method: "POST",
      url: "conversations/4/participants",
      data: { participantUserIDs: [5] },
    });
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });

  it("names a deleted participant as plain text, with no link", () => {
    const withDeleted = [...people, { userID: 3, name: "User Deleted", url: "" }];
    renderWithStore(
      <ConversationParticipants conversationID={4} participants={withDeleted} canAdd={false} />,
    );
    expect(screen.getByText("User Deleted").closest("a")).toBeNull();
    expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "/profile/Ana",
      "/profile/Ben",
    ]);
  });

  it("offers no 'Add People' without conversations.add", () => {
    renderWithStore(<ConversationParticipants conversationID={4} participants={people} canAdd={false} />);
    expect(screen.queryByRole("button", { name: "Add People" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Leave Conversation" })).toBeInTheDocument();
  });

  it("leaves after confirmation and goes back to the inbox; a refusal is shown and nothing moves", async () => {
    let refuse = true;
    api = mockApi(() =>
      refuse ? { status: 403, data: { message: "Permission Problem", status: 403 } } : { status: 204 },
    );
    const user = userEvent.setup();
    renderWithStore(<ConversationParticipants conversationID={4} participants={people} canAdd />);
    await user.click(screen.getByRole("button", { name: "Leave Conversation" }));
    let dialog = await screen.findByRole("dialog", { name: "Leave Conversation" });
    expect(dialog).toHaveTextContent("Are you sure you want to leave this conversation?");
    await user.click(within(dialog).getByRole("button", { name: "Leave" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Permission Problem");
    expect(navigate).not.toHaveBeenCalled();
    refuse = false;
    await user.click(screen.getByRole("button", { name: "Leave Conversation" }));
    dialog = await screen.findByRole("dialog", { name: "Leave Conversation" });
    await user.click(within(dialog).getByRole("button", { name: "Leave" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/messages"));
    expect(api.requests.at(-1)).toMatchObject({ method: "DELETE", url: "conversations/4/leave" });
  });
});
