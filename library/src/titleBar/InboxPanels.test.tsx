import { render, screen } from "@testing-library/react";
import { getRegistry } from "@library/src/registry/registryStore";
import { registerComponent } from "@library/src/registry/componentRegistry";
import { MessagesPanel, NotificationsPanel } from "@library/src/titleBar/InboxPanels";

describe("InboxPanels", () => {
  afterEach(() => {
    getRegistry().components.delete("NotificationsMenuContent");
    getRegistry().components.delete("MessagesMenuContent");
  });

  it("shows the placeholder while no feature registered its menu", () => {
    render(<NotificationsPanel />);
    expect(screen.getByText("There are no notifications yet.")).toBeInTheDocument();
  });

  it("renders the registered menus, passing showTitle on", () => {
    registerComponent("NotificationsMenuContent", ({ showTitle }: { showTitle?: boolean }) => (
      <p>Notifications menu {showTitle ? "with" : "without"} title</p>
    ));
    registerComponent("MessagesMenuContent", () => <p>Messages menu</p>);
    render(
      <>
        <NotificationsPanel showTitle={false} />
        <MessagesPanel />
      </>,
    );
    expect(screen.getByText("Notifications menu without title")).toBeInTheDocument();
    expect(screen.getByText("Messages menu")).toBeInTheDocument();
    expect(screen.queryByText("There are no notifications yet.")).not.toBeInTheDocument();
  });
});
