import type { DashboardSection } from "@forum/api/dashboard";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation, useRoutes } from "react-router";
import { registerComponent } from "@library/src/registry/componentRegistry";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { dashboardRoutes } from "./dashboardRoutes";

const SECTIONS: DashboardSection[] = [
  { key: "home", path: "", label: "Dashboard", group: "Site", component: "TestHome" },
  { key: "addons", path: "addons", label: "Addons", group: "Site", component: "TestAddons" },
  { key: "reports", path: "reports", label: "Reports", group: "Moderation", component: "TestBroken" },
  { key: "missing", path: "missing", label: "Missing", group: "Moderation", component: "NotRegistered" },
];

function DashboardRoutes() {
  return useRoutes(dashboardRoutes(SECTIONS));
}

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderDashboard(path: string) {
  renderWithStore(
    <MemoryRouter initialEntries={[path]}>
      <DashboardRoutes />
      <CurrentPath />
    </MemoryRouter>,
  );
}

beforeAll(() => {
  registerComponent("TestHome", () => <p>home body</p>);
  registerComponent("TestAddons", () => <p>addons body</p>);
  registerComponent("TestBroken", () => {
    throw new Error("section exploded");
  });
});

describe("dashboard shell", () => {
  it("groups the sections in the navigation and marks the open one", () => {
    renderDashboard("/dashboard/addons");
    const nav = screen.getByRole("navigation", { name: "Dashboard" });
    expect(
      within(nav)
        .getAllByRole("heading")
        .map((heading) => heading.textContent),
    ).toEqual(["Site", "Moderation"]);
    expect(within(nav).getByRole("link", { name: "Addons" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("heading", { level: 1, name: "Addons" })).toBeInTheDocument();
    expect(screen.getByText("addons body")).toBeInTheDocument();
    expect(document.title).toBe("Addons - Dashboard");
  });

  it("navigates between sections in the app", async () => {
    const user = userEvent.setup();
    renderDashboard("/dashboard");
    expect(screen.getByText("home body")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Addons" }));
    expect(screen.getByTestId("path")).toHaveTextContent("/dashboard/addons");
    expect(screen.getByText("addons body")).toBeInTheDocument();
  });

  it("moves through the navigation with the keyboard: Tab reaches each link, Enter opens the section and its heading takes the focus", async () => {
    const user = userEvent.setup();
    renderDashboard("/dashboard");
    const nav = screen.getByRole("navigation", { name: "Dashboard" });
    // First the button that unfolds the navigation on a phone (hidden by the stylesheet on wider screens).
    await user.tab();
    expect(screen.getByRole("button", { name: "Dashboard All sections" })).toHaveFocus();
    await user.tab();
    expect(within(nav).getByRole("link", { name: "Dashboard" })).toHaveFocus();
    await user.tab();
    expect(within(nav).getByRole("link", { name: "Addons" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("path")).toHaveTextContent("/dashboard/addons");
    expect(screen.getByRole("heading", { level: 1, name: "Addons" })).toHaveFocus();
    expect(within(nav).getByRole("link", { name: "Addons" })).toHaveAttribute("aria-current", "page");
    // Shift+Tab from the heading goes back into the navigation, to its last link.
    await user.tab({ shift: true });
    expect(within(nav).getByRole("link", { name: "Missing" })).toHaveFocus();
  });

  it("folds the navigation behind a button naming the open section, and folds it again after a move", async () => {
    const user = userEvent.setup();
    renderDashboard("/dashboard/addons");
    const toggle = screen.getByRole("button", { name: "Addons All sections" });
    const nav = screen.getByRole("navigation", { name: "Dashboard" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(nav).toHaveClass("isCollapsed");
    await user.click(toggle);
    expect(screen.getByRole("button", { name: "Addons Close" })).toHaveAttribute("aria-expanded", "true");
    expect(nav).not.toHaveClass("isCollapsed");
    await user.click(within(nav).getByRole("link", { name: "Dashboard" }));
    expect(screen.getByRole("button", { name: "Dashboard All sections" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    expect(nav).toHaveClass("isCollapsed");
  });

  it("keeps the navigation when a section throws or its component is not registered", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    renderDashboard("/dashboard/reports");
    expect(screen.getByRole("alert")).toHaveTextContent("There was an error");
    expect(screen.getByRole("navigation", { name: "Dashboard" })).toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it("shows an error for a section whose add-on registered no component", () => {
    renderDashboard("/dashboard/missing");
    expect(screen.getByRole("alert")).toHaveTextContent("There was an error");
  });
});
