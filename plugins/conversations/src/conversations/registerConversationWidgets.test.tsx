import { screen } from "@testing-library/react";
import { getComponent } from "@library/src/registry/componentRegistry";
import { resetRegistry } from "@library/src/registry/registryStore";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { makeConversation } from "../testing/conversationFixtures";
import { registerConversationWidgets } from "./registerConversationWidgets";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  resetRegistry();
});

describe("registerConversationWidgets", () => {
  it("registers the menu content the title bar renders, and the message page widgets", async () => {
    registerConversationWidgets();
    expect(getComponent("ConversationReply")).toBeDefined();
    expect(getComponent("NewConversationForm")).toBeDefined();
    const Menu = getComponent("MessagesMenuContent");
    if (!Menu) throw new Error("MessagesMenuContent is not registered.");
    api = mockApi(() => ({ data: [makeConversation({ name: "Loaded lazily" })] }));
    renderWithStore(<Menu showTitle={false} />);
    expect(await screen.findByRole("link", { name: /Loaded lazily/ })).toHaveAttribute("href", "/messages/1");
    expect(screen.getByRole("link", { name: "New Message" })).toBeInTheDocument();
  });
});
