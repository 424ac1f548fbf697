import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as ComposerDouble from "../testing/composerTestDouble";
import { fullPageNavigate } from "@library/src/routing/pageNavigation";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { makeConversation, makeUser } from "../testing/conversationFixtures";
import { NewConversationForm } from "./NewConversationForm";

jest.mock("@library/src/editor/Composer", () =>
  jest.requireActual<typeof ComposerDouble>("../testing/composerTestDouble"),
);
jest.mock("@library/src/routing/pageNavigation");

const navigate = jest.mocked(fullPageNavigate);
let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  navigate.mockReset();
});

describe("NewConversationForm", () => {
  it("prefills the recipient, subject and message from the page", async () => {
    renderWithStore(
      <NewConversationForm
        recipients={[{ userID: 3, name: "Bob" }]}
        subject="Hi"
        body={"Look at this\nlink"}
      />,
    );
    const chips = screen.getByRole("list", { name: "Recipients" });
    expect(within(chips).getByText("Bob")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Subject" })).toHaveValue("Hi");
    expect(await screen.findByRole("textbox", { name: "Message" })).toHaveValue("Look at this\nlink");
  });

  it("finds recipients by name prefix, posts the conversation and opens it", async () => {
    api = mockApi((request) => {
      if (request.url === "users/by-names") return { data: [makeUser(3, "Bob"), makeUser(4, "Bobby")] };
      return { status: 201, data: makeConversation({ conversationID: 9 }) };
    });
    const user = userEvent.setup();
    renderWithStore(<NewConversationForm />);
    await user.type(screen.getByRole("combobox", { name: /Recipients/ }), "Bo");
    await user.click(await screen.findByRole("option", { name: /Bobby/ }));
    expect(screen.queryByRole("option", { name: /Bobby/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Subject" }), "Plans");
    await user.type(await screen.findByRole("textbox", { name: "Message" }), "Hello");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/messages/9"));
    const lookup = api.requests.find((request) => request.url === "users/by-names");
    expect(lookup?.params).toEqual({ name: "Bo*", order: "mention", limit: 50 });
    expect(api.requests.at(-1)).toMatchObject({
      method: "POST",
      url: "conversations",
      data: {
        participantUserIDs: [4],
        name: "Plans",
        initialBody: JSON.stringify([{ type: "p", children: [{ text: "Hello" }] }]),
        initialFormat: "rich2",
      },
    });
  });

  it("removes a recipient and asks for one before sending", async () => {
    api = mockApi(() => ({ status: 201, data: makeConversation() }));
    const user = userEvent.setup();
    renderWithStore(<NewConversationForm recipients={[{ userID: 3, name: "Bob" }]} />);
    await user.click(screen.getByRole("button", { name: "Remove Bob" }));
    await user.type(await screen.findByRole("textbox", { name: "Message" }), "Hello");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Add at least one recipient.")).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("shows the API's 422 errors under the recipients and the message", async () => {
    api = mockApi(() => ({
      status: 422,
      data: {
        message: "Validation Failed",
        status: 422,
        errors: [
          {
            field: "participantUserIDs",
            code: "bannedUser",
            message: "Bob is banned and cannot receive messages.",
          },
          {
            field: "initialBody",
            code: "maxLength",
            message: "initialBody must be at most 2000 characters.",
          },
        ],
      },
    }));
    const user = userEvent.setup();
    renderWithStore(<NewConversationForm recipients={[{ userID: 3, name: "Bob" }]} />);
    await user.type(await screen.findByRole("textbox", { name: "Message" }), "Hello");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Bob is banned and cannot receive messages.")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: /Recipients/ })).toHaveAccessibleDescription(
      "Bob is banned and cannot receive messages.",
    );
    expect(screen.getByText("initialBody must be at most 2000 characters.")).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });
});
