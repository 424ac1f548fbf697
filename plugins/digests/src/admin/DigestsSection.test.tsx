import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ToastContainer } from "@library/src/ui/Toast/ToastContainer";
import { DigestsSection } from "./DigestsSection";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const STORED = {
  "digests.frequency": "off",
  "digests.weekday": "monday",
  "digests.hour": 8,
  "digests.timeZone": "UTC",
};

function renderSection() {
  return renderWithStore(
    <>
      <DigestsSection />
      <ToastContainer />
    </>,
  );
}

describe("DigestsSection", () => {
  it("saves only what changed, refuses an unknown time zone, and sends a preview", async () => {
    const user = userEvent.setup();
    const writes: Array<{ method: string; url: string; data: unknown }> = [];
    api = mockApi((request) => {
      if (request.method === "GET") return { data: STORED };
      writes.push({ method: request.method, url: request.url, data: request.data });
      if (request.url.endsWith("digests/preview"))
        return { status: 201, data: { mailID: 4, to: "admin@example.com" } };
      return { status: 204, data: "" };
    });
    renderSection();
    const frequency = await screen.findByRole("combobox", { name: "Digest emails" });
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toBeDisabled();
    await user.selectOptions(frequency, "daily");
    await user.selectOptions(screen.getByRole("combobox", { name: "Hour digests are sent" }), "17");
    const zone = screen.getByRole("textbox", { name: "Site time zone" });
    await user.clear(zone);
    await user.type(zone, "Mars/Olympus");
    await user.click(save);
    expect(
      await screen.findByText("This is not a time zone. Use a name such as Europe/Paris or UTC."),
    ).toBeInTheDocument();
    expect(writes).toEqual([]);
    await user.clear(zone);
    await user.type(zone, "Europe/Paris");
    await user.click(save);
    expect(await screen.findByText("Your changes have been saved.")).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: "PATCH",
        url: "config",
        data: { "digests.frequency": "daily", "digests.hour": 17, "digests.timeZone": "Europe/Paris" },
      },
    ]);
    expect(save).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Send me a preview" }));
    expect(
      await screen.findByText("A preview of the digest was sent to admin@example.com."),
    ).toBeInTheDocument();
    expect(writes[1]).toMatchObject({ method: "POST", url: "digests/preview" });
  });

  it("says why a save was refused and keeps the changes", async () => {
    const user = userEvent.setup();
    api = mockApi((request) => {
      if (request.method === "GET") return { data: STORED };
      return {
        status: 403,
        data: { message: "Permission Problem", status: 403 },
      };
    });
    renderSection();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Digest emails" }), "weekly");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Permission Problem");
    expect(screen.getByRole("combobox", { name: "Digest emails" })).toHaveValue("weekly");
    expect(screen.getByText("You have unsaved changes")).toBeInTheDocument();
  });
});
