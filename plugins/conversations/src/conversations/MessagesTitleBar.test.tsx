import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { TitleBarItem } from "@forum/api/titleBar";
import { resetRegistry } from "@library/src/registry/registryStore";
import { installBootstrap, makeMe, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { preloadMemberTitleBarActions, TitleBar } from "@library/src/titleBar/TitleBar";
import { makeConversation } from "../testing/conversationFixtures";
import { registerConversationWidgets } from "./registerConversationWidgets";

/** The entry the server writes for this add-on (plugins/conversations/server/conversationsAddon.ts). */
const MESSAGES: TitleBarItem = {
  key: "messages",
  label: "Messages",
  href: "/messages",
  component: "MessagesDropDown",
  panelComponent: "MessagesPanel",
  countName: "UnreadConversations",
};

// The member side of the bar and the add-on's dropdown are chunks of their own: loaded once first, so a busy
// machine's compile time does not count against the queries' wait.
beforeAll(async () => {
  await preloadMemberTitleBarActions();
  await import("./MessagesTitleBar");
});

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
  resetRegistry();
  removeBootstrap();
});

function setWidth(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
}

describe("the Messages title-bar entry", () => {
  it("is a dropdown with the unread count that lists conversations", async () => {
    setWidth(1280);
    registerConversationWidgets();
    installBootstrap({ currentUser: makeMe({ counts: { UnreadConversations: 3 } }) });
    api = mockApi(() => ({ data: [makeConversation({ name: "Garden plans" })] }));
    const user = userEvent.setup();
    renderWithStore(<TitleBar siteTitle="Club" items={[MESSAGES]} />);
    const button = await screen.findByRole("button", { name: "Messages" });
    expect(within(button).getByText("3")).toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByRole("link", { name: /Garden plans/ })).toHaveAttribute("href", "/messages/1");
  });

  it("adds a Messages link to My Account and a Messages tab to the compact panel", async () => {
    setWidth(600);
    registerConversationWidgets();
    installBootstrap({ currentUser: makeMe({ counts: { UnreadConversations: 2 } }) });
    api = mockApi(() => ({ data: [] }));
    const user = userEvent.setup();
    renderWithStore(<TitleBar siteTitle="Club" items={[MESSAGES]} />);
    await user.click(screen.getByRole("button", { name: "My Account" }));
    // The panel loads with its chunk, after the click.
    const dialog = await screen.findByRole("dialog", { name: "My Account" });
    expect(within(dialog).getByRole("link", { name: "Messages" })).toHaveAttribute("href", "/messages");
    const tabs = within(dialog).getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Account", "Notifications", "Messages2"]);
  });
});
