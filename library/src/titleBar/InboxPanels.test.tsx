import { render, screen } from "@testing-library/react";
import { getRegistry } from "@library/src/registry/registryStore";
import { registerComponent } from "@library/src/registry/componentRegistry";
import { InboxPanel, NotificationsPanel } from "@library/src/titleBar/InboxPanels";

describe("InboxPanels", () => {
  afterEach(() => {
    getRegistry().components.delete("NotificationsMenuContent");
  });

  it("shows the placeholder while no feature registered its menu", () => {
    render(<NotificationsPanel />);
    expect(screen.getByText("There are no notifications yet.")).toBeInTheDocument();
  });

  it("renders the registered menu, passing showTitle on", () => {
    registerComponent("NotificationsMenuContent", ({ showTitle }: { showTitle?: boolean }) => (
      <p>Notifications menu {showTitle ? "with" : "without"} title</p>
    ));
    render(<NotificationsPanel showTitle={false} />);
    expect(screen.getByText("Notifications menu without title")).toBeInTheDocument();
    expect(screen.queryByText("There are no notifications yet.")).not.toBeInTheDocument();
  });

  it("gives add-ons the placeholder panel: title, empty text and the link to the full page", () => {
    render(
      <InboxPanel title="Inbox" emptyText="Nothing here." allLabel="All of it" allHref="/inbox" showTitle />,
    );
    expect(screen.getByRole("heading", { name: "Inbox" })).toBeInTheDocument();
    expect(screen.getByText("Nothing here.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All of it" })).toHaveAttribute("href", "/inbox");
  });
});
