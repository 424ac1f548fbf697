import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as ComposerDouble from "../testing/composerTestDouble";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { makeMessage } from "../testing/conversationFixtures";
import { ConversationReply } from "./ConversationReply";

jest.mock("@library/src/editor/Composer", () =>
  jest.requireActual<typeof ComposerDouble>("../testing/composerTestDouble"),
);

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("ConversationReply", () => {
  it("posts the reply as rich2 and appends the sent message above an emptied editor", async () => {
    api = mockApi(() => ({
      status: 201,
      data: makeMessage({ messageID: 41, body: "<p>Hello <b>Bob</b></p>" }),
    }));
    const user = userEvent.setup();
    renderWithStore(<ConversationReply conversationID={5} />);
    const editor = await screen.findByRole("textbox", { name: "Message" });
    await user.type(editor, "Hello Bob");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Bob")).toBeInTheDocument();
    expect(screen.getByRole("article")).toHaveAttribute("id", "Message_41");
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("");
    expect(api.requests[0]).toMatchObject({
      method: "POST",
      url: "messages",
      data: {
        conversationID: 5,
        body: JSON.stringify([{ type: "p", children: [{ text: "Hello Bob" }] }]),
        format: "rich2",
      },
    });
  });

  it("shows the server's refusal and keeps the text", async () => {
    api = mockApi(() => ({
      status: 400,
      data: {
        message: "You can not add a message to a conversation that you are not a participant of.",
        status: 400,
      },
    }));
    const user = userEvent.setup();
    renderWithStore(<ConversationReply conversationID={5} />);
    await user.type(await screen.findByRole("textbox", { name: "Message" }), "Let me in");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You can not add a message to a conversation that you are not a participant of.",
    );
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Let me in");
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
  });
});
