import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { DigestPreferenceControl } from "./DigestPreferenceControl";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("DigestPreferenceControl", () => {
  it("shows the member's choice with the site's default and saves a change at once", async () => {
    const user = userEvent.setup();
    const patches: unknown[] = [];
    api = mockApi((request) => {
      if (request.method === "GET") return { data: { frequency: "default", siteFrequency: "weekly" } };
      patches.push(request.data);
      return { data: { frequency: "daily", siteFrequency: "weekly" } };
    });
    renderWithStore(<DigestPreferenceControl />);
    const select = await screen.findByRole("combobox", { name: "Send me a digest" });
    expect(select).toHaveValue("default");
    expect(screen.getByRole("option", { name: "Use the site's default (weekly)" })).toBeInTheDocument();
    await user.selectOptions(select, "daily");
    expect(await screen.findByText("Your preferences have been saved.")).toBeInTheDocument();
    expect(select).toHaveValue("daily");
    expect(patches).toEqual([{ frequency: "daily" }]);
  });

  it("puts the choice back and says why when the save is refused", async () => {
    const user = userEvent.setup();
    api = mockApi((request) => {
      if (request.method === "GET") return { data: { frequency: "never", siteFrequency: "off" } };
      return { status: 403, data: { message: "Permission Problem", status: 403 } };
    });
    renderWithStore(<DigestPreferenceControl />);
    const select = await screen.findByRole("combobox", { name: "Send me a digest" });
    expect(screen.getByRole("option", { name: "Use the site's default (none)" })).toBeInTheDocument();
    await user.selectOptions(select, "weekly");
    expect(await screen.findByRole("alert")).toHaveTextContent("Permission Problem");
    expect(select).toHaveValue("never");
  });
});
