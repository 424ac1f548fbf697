import { act, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { installBootstrap, makeMe, removeBootstrap } from "@library/src/testing/bootstrapFixture";
import { resetRegistry } from "@library/src/registry/registryStore";
import { resetStore } from "@library/src/redux/store";
import { AppRoutes } from "./AppRouter";
import { ErrorPage } from "./ErrorPage";
import { mountApp } from "./mountApp";
import { registerRoutes } from "./routeRegistry";

function Boom(): never {
  throw new Error("boom");
}

describe("routing", () => {
  beforeEach(() => {
    resetRegistry();
    registerRoutes([
      { path: "/discussions", element: <h1>All discussions</h1> },
      { path: "/boom", element: <Boom /> },
    ]);
  });
  afterEach(() => removeBootstrap());

  it("renders a registered route", () => {
    renderWithStore(
      <MemoryRouter initialEntries={["/discussions"]}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "All discussions" })).toBeInTheDocument();
  });

  it("renders the not-found page for any unmatched route", () => {
    renderWithStore(
      <MemoryRouter initialEntries={["/nowhere"]}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Page Not Found" })).toBeInTheDocument();
    expect(screen.getByText("The page you were looking for could not be found.")).toBeInTheDocument();
  });

  it("shows the generic error page on a route render error", () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    renderWithStore(
      <MemoryRouter initialEntries={["/boom"]}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByText("Please try again later.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    error.mockRestore();
  });

  it("mounts the app into #app with the browser router", () => {
    resetStore();
    document.body.innerHTML = '<div id="app"></div>';
    window.history.pushState({}, "", "/discussions");
    act(() => {
      mountApp();
    });
    expect(screen.getByRole("heading", { name: "All discussions" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Notifications" })).toBeInTheDocument();
    window.history.pushState({}, "", "/");
  });
});

describe("ErrorPage", () => {
  afterEach(() => removeBootstrap());

  it("offers guests a Sign In link on permission errors", () => {
    renderWithStore(<ErrorPage error={{ status: 403 }} />);
    expect(screen.getByRole("heading", { name: "Permission Problem" })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to view this resource.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      `/entry/signin?Target=${encodeURIComponent(window.location.href)}`,
    );
  });

  it("hides Sign In from signed-in users", () => {
    installBootstrap({ currentUser: makeMe() });
    renderWithStore(<ErrorPage variant="permission" />);
    expect(screen.getByRole("heading", { name: "Permission Problem" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
  });

  it("renders the not-found variant with a way home", () => {
    installBootstrap({ basePath: "/forum" });
    renderWithStore(<ErrorPage error={{ status: 404, message: "Discussion not found." }} />);
    expect(screen.getByRole("heading", { name: "There was an error" })).toBeInTheDocument();
    expect(screen.getByText("The page you were looking for could not be found.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to home page" })).toHaveAttribute("href", "/forum/");
  });

  it("renders the generic variant with the error message", () => {
    renderWithStore(<ErrorPage error={{ status: 500, message: "Database down" }} />);
    expect(screen.getByRole("heading", { name: "Database down" })).toBeInTheDocument();
    expect(screen.getByText("Please try again later.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" })).toBeInTheDocument();
  });
});
