import type { User } from "@forum/api/users";
import { render, screen } from "@testing-library/react";
import { installBootstrap, makeMe, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { SharedPostContext } from "@library/src/share/sharedPost";
import { ProfileMessageButton, ShareInMessage } from "./ConversationSlotWidgets";
import { ProfileCardMessage } from "./ProfileCardMessage";

const bob = { userID: 5, name: "Tom/Jerry & Co", banned: 0, photoUrl: "", url: "/profile/x" } as User;

function installMember(permissions: string[], config: Record<string, unknown>): void {
  installBootstrap({
    currentUser: makeMe(),
    permissions: {
      isAdmin: false,
      isSysAdmin: false,
      isSuperAdmin: false,
      permissions: [
        {
          type: "global",
          id: null,
          permissions: Object.fromEntries(permissions.map((name) => [name, true])),
        },
      ],
    },
    config,
  });
}

afterEach(() => removeBootstrap());

describe("the conversations add-on's slot widgets", () => {
  it("links Share In Message to a new message holding the Share menu's link, Message to the page the server names", () => {
    const sharedUrl = "https://forum.test/discussion/comment/12?utm_source=community-share#Comment_12";
    render(
      <>
        <SharedPostContext.Provider value={{ name: "Hello & welcome", sharedUrl }}>
          <ShareInMessage />
        </SharedPostContext.Provider>
        <ProfileMessageButton href="/messages/add/Bob" />
      </>,
    );
    expect(screen.getByRole("menuitem", { name: "Share In Message" })).toHaveAttribute(
      "href",
      `/messages/add?content=${encodeURIComponent(sharedUrl)}`,
    );
    expect(screen.getByRole("link", { name: "Message" })).toHaveAttribute("href", "/messages/add/Bob");
  });

  it("offers Message on a profile card to members who may message, while conversations are on", () => {
    installMember(["session.valid", "conversations.add"], { "context.conversationsEnabled": true });
    const { unmount } = renderWithStore(<ProfileCardMessage user={bob} />);
    expect(screen.getByRole("link", { name: "Message" })).toHaveAttribute(
      "href",
      "/messages/add/Tom%2FJerry%20%26%20Co",
    );
    unmount();
    for (const [permissions, enabled, banned] of [
      [["session.valid"], true, 0],
      [["session.valid", "conversations.add"], false, 0],
      [["session.valid", "conversations.add"], true, 1],
    ] as const) {
      installMember([...permissions], { "context.conversationsEnabled": enabled });
      const view = renderWithStore(<ProfileCardMessage user={{ ...bob, banned }} />);
      expect(screen.queryByRole("link", { name: "Message" })).toBeNull();
      view.unmount();
    }
  });
});
