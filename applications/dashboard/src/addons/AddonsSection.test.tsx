import type { Addon } from "@forum/api/addons";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { AddonsSection } from "./AddonsSection";

function addon(overrides: Partial<Addon> & Pick<Addon, "key" | "name">): Addon {
  return {
    addonID: overrides.key,
    type: "addon",
    iconUrl: "",
    version: "1.0.0",
    enabled: true,
    state: "enabled",
    canDisable: true,
    ...overrides,
  };
}

const ADDONS: Addon[] = [
  addon({ key: "forum", name: "Forum", canDisable: false }),
  addon({ key: "conversations", name: "Conversations", description: "Private messages." }),
  addon({ key: "example", name: "Example", enabled: false, state: "disabled" }),
  addon({ key: "broken", name: "Broken", state: "failed", error: "registration exploded" }),
];

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const row = (name: string) => screen.getByText(name, { selector: ".dashboardTable-name" }).closest("tr")!;

describe("AddonsSection", () => {
  it("lists every add-on with its state and load error; core applications cannot be disabled", async () => {
    api = mockApi(() => ({ data: ADDONS }));
    renderWithStore(<AddonsSection />);
    await screen.findByRole("table");
    expect(within(row("Forum")).getByText("Always on")).toBeInTheDocument();
    expect(within(row("Conversations")).getByText("Enabled")).toBeInTheDocument();
    expect(within(row("Example")).getByRole("button", { name: "Enable Example" })).toBeInTheDocument();
    expect(within(row("Broken")).getByText("Failed")).toBeInTheDocument();
    expect(within(row("Broken")).getByText("registration exploded")).toBeInTheDocument();
  });

  it("disables an add-on with the opposite value and shows what changed", async () => {
    const user = userEvent.setup();
    api = mockApi((request) =>
      request.method === "GET"
        ? { data: ADDONS }
        : { data: [{ ...ADDONS[1], enabled: false, state: "disabled" }] },
    );
    const { store } = renderWithStore(<AddonsSection />);
    await user.click(await screen.findByRole("button", { name: "Disable Conversations" }));
    await waitFor(() => expect(within(row("Conversations")).getByText("Disabled")).toBeInTheDocument());
    expect(api.requests[1]).toMatchObject({
      method: "PATCH",
      url: "addons/conversations",
      data: { enabled: false },
    });
    expect(within(row("Conversations")).getByRole("button", { name: "Enable Conversations" })).toBeEnabled();
    expect(store.getState().toasts.items[0]).toMatchObject({ message: "Disabled: Conversations" });
  });

  it("keeps the state and shows the server's reason when enabling is refused", async () => {
    const user = userEvent.setup();
    api = mockApi((request) =>
      request.method === "GET"
        ? { data: ADDONS }
        : { status: 409, data: { message: "Example requires Ping, which is not enabled.", status: 409 } },
    );
    const { store } = renderWithStore(<AddonsSection />);
    await user.click(await screen.findByRole("button", { name: "Enable Example" }));
    await waitFor(() =>
      expect(store.getState().toasts.items[0]).toMatchObject({
        message: "Example requires Ping, which is not enabled.",
      }),
    );
    expect(within(row("Example")).getByText("Disabled")).toBeInTheDocument();
  });

  it("retries a failed migration and shows the add-on running, or the new cause", async () => {
    const user = userEvent.setup();
    const failed = addon({
      key: "notes",
      name: "Notes",
      state: "failed",
      canRetry: true,
      error: 'Migration notes/2026-01-01T0000_notes failed: near "x": syntax error',
    });
    let patches = 0;
    api = mockApi((request) => {
      if (request.method === "GET") return { data: [...ADDONS, failed] };
      return ++patches === 1
        ? { data: [{ ...failed, error: "Migration notes/2026-01-01T0000_notes failed: still broken" }] }
        : { data: [{ ...failed, state: "enabled", canRetry: undefined, error: undefined }] };
    });
    const { store } = renderWithStore(<AddonsSection />);
    const retry = await screen.findByRole("button", { name: "Retry Notes" });
    // A failure a retry cannot mend (registration, routes) offers no Retry.
    expect(within(row("Broken")).queryByRole("button", { name: "Retry Broken" })).toBeNull();
    await user.click(retry);
    await waitFor(() => expect(within(row("Notes")).getByText(/still broken/)).toBeInTheDocument());
    expect(store.getState().toasts.items[0]).toMatchObject({
      message: "Migration notes/2026-01-01T0000_notes failed: still broken",
    });
    expect(api.requests[1]).toMatchObject({ method: "PATCH", url: "addons/notes", data: { enabled: true } });
    await user.click(within(row("Notes")).getByRole("button", { name: "Retry Notes" }));
    await waitFor(() => expect(within(row("Notes")).getByText("Enabled")).toBeInTheDocument());
    expect(within(row("Notes")).queryByRole("button", { name: "Retry Notes" })).toBeNull();
  });

  it("offers Retry when the list cannot be loaded", async () => {
    const user = userEvent.setup();
    let calls = 0;
    api = mockApi(() =>
      ++calls === 1
        ? { status: 500, data: { message: "Database unavailable.", status: 500 } }
        : { data: ADDONS },
    );
    renderWithStore(<AddonsSection />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable.");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("table")).toBeInTheDocument();
  });
});
