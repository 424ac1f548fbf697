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
