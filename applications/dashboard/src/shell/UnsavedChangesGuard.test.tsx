import type { DashboardSection } from "@forum/api/dashboard";
import type { SiteSettingsGroup } from "@forum/api/siteSettings";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { SiteSettingsForm } from "../siteSettings/SiteSettingsForm";
import { DashboardLayout } from "./DashboardLayout";

const SECTIONS: DashboardSection[] = [
  { key: "settings-general", path: "settings/general", label: "General", group: "Settings", component: "x" },
  { key: "members", path: "members", label: "Members", group: "Members", component: "y" },
];

const GENERAL: SiteSettingsGroup = {
  key: "general",
  label: "General",
  fields: [
    { key: "garden.title", type: "string", label: "Site title", default: "Community", required: true },
  ],
};

const QUESTION =
  "You have unsaved changes and your work will be lost. Are you sure you want to continue without saving?";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

function renderDashboard() {
  api = mockApi((request) => {
    if (request.url === "dashboard/settings/general") return { data: GENERAL };
    if (request.method === "GET") return { data: { "garden.title": "Gardeners" } };
    return { status: 204 };
  });
  renderWithStore(
    <MemoryRouter initialEntries={["/dashboard/settings/general"]}>
      <Routes>
        <Route path="/dashboard" element={<DashboardLayout sections={SECTIONS} />}>
          <Route path="settings/general" element={<SiteSettingsForm groupKey="general" />} />
          <Route path="members" element={<p>The members list</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

/** Whether leaving the site now would ask (a `beforeunload` listener cancelled the event). */
function leavingSiteAsks(): boolean {
  const event = new Event("beforeunload", { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("Unsaved Changes", () => {
  it("asks before the dashboard's navigation leaves a settings screen with edits; Cancel stays, Continue goes", async () => {
    const user = userEvent.setup();
    renderDashboard();
    const title = await screen.findByLabelText(/Site title/);
    const nav = screen.getByRole("navigation", { name: "Dashboard" });
    expect(leavingSiteAsks()).toBe(false);

    await user.type(title, " and Growers");
    expect(leavingSiteAsks()).toBe(true);
    await user.click(within(nav).getByRole("link", { name: "Members" }));
    const dialog = await screen.findByRole("dialog", { name: "Unsaved Changes" });
    expect(within(dialog).getByText(QUESTION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Site title/)).toHaveValue("Gardeners and Growers");

    await user.click(within(nav).getByRole("link", { name: "Members" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Unsaved Changes" })).getByRole("button", {
        name: "Continue",
      }),
    );
    expect(await screen.findByText("The members list")).toBeInTheDocument();
    expect(leavingSiteAsks()).toBe(false);
  });

  it("lets the navigation go without asking once the edits are saved", async () => {
    const user = userEvent.setup();
    renderDashboard();
    const title = await screen.findByLabelText(/Site title/);
    await user.type(title, "!");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByText("You have unsaved changes")).not.toBeInTheDocument());
    await user.click(
      within(screen.getByRole("navigation", { name: "Dashboard" })).getByRole("link", { name: "Members" }),
    );
    expect(await screen.findByText("The members list")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
