import type { BackupFile } from "@forum/api/backups";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi, type MockReply } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { BackupsSection, formatSize } from "./BackupsSection";

const OLD: BackupFile = {
  fileName: "forum-2026-11-24T08-00-00-000Z.sqlite",
  size: 2_500_000,
  dateInserted: "2026-11-24T08:00:00.000Z",
  format: "sqlite",
  scheduled: true,
};
const NEW: BackupFile = {
  ...OLD,
  fileName: "forum-2026-11-25T09-00-00-000Z.sqlite.tar",
  size: 512,
  scheduled: false,
};

const SCHEDULE_GROUP = {
  key: "backups",
  label: "Scheduled backups",
  fields: [
    {
      key: "backups.schedule",
      type: "enum",
      label: "Make a backup",
      default: "off",
      required: true,
      options: [
        { value: "off", label: "Off" },
        { value: "daily", label: "Every day" },
        { value: "weekly", label: "Every week" },
      ],
    },
    { key: "backups.keep", type: "integer", label: "Keep the last", default: 7, required: true, minimum: 1 },
  ],
};

/** The backups list, the schedule's fields and its values; anything else is the write under test. */
function answer(list: BackupFile[], write: MockReply) {
  return (request: { method: string; url: string }): MockReply => {
    if (request.method === "GET" && request.url === "dashboard/backups") return { data: list };
    if (request.method === "GET" && request.url === "dashboard/settings/backups")
      return { data: SCHEDULE_GROUP };
    if (request.method === "GET" && request.url === "config")
      return { data: { "backups.schedule": "off", "backups.keep": 7 } };
    return write;
  };
}

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("BackupsSection", () => {
  it("lists backups with download links and makes a new one on top", async () => {
    const user = userEvent.setup();
    api = mockApi(answer([OLD], { status: 201, data: NEW }));
    renderWithStore(<BackupsSection />);
    const old = (await screen.findByText(OLD.fileName)).closest("tr") as HTMLElement;
    expect(within(old).getByText("2.4 MB")).toBeInTheDocument();
    // An older backup is the bare database; the new ones hold the uploads as well.
    expect(within(old).getByText("SQLite database")).toBeInTheDocument();
    expect(within(old).getByRole("link", { name: `Download ${OLD.fileName}` })).toHaveAttribute(
      "href",
      `/api/v2/dashboard/backups/${OLD.fileName}`,
    );
    await user.click(screen.getByRole("button", { name: "Make a backup now" }));
    const made = (await screen.findByText(NEW.fileName)).closest("tr") as HTMLElement;
    expect(within(made).getByText("SQLite database and uploads")).toBeInTheDocument();
    expect(screen.getAllByRole("row").map((row) => row.textContent)).toEqual([
      expect.stringContaining("Backup"),
      expect.stringContaining(NEW.fileName),
      expect.stringContaining(OLD.fileName),
    ]);
    expect(api.requests.at(-1)).toMatchObject({ method: "POST", url: "dashboard/backups" });
  });

  it("marks scheduled backups and saves the schedule through PATCH /config", async () => {
    const user = userEvent.setup();
    api = mockApi(answer([NEW, OLD], { status: 204 }));
    renderWithStore(<BackupsSection />);
    const old = (await screen.findByText(OLD.fileName)).closest("tr") as HTMLElement;
    expect(within(old).getByText("Scheduled")).toBeInTheDocument();
    const fresh = screen.getByText(NEW.fileName).closest("tr") as HTMLElement;
    expect(within(fresh).queryByText("Scheduled")).toBeNull();
    const form = await screen.findByRole("form", { name: "Scheduled backups" });
    await user.selectOptions(within(form).getByLabelText(/^Make a backup/), "daily");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(api?.requests.find((request) => request.method === "PATCH")).toMatchObject({
        url: "config",
        data: { "backups.schedule": "daily" },
      }),
    );
  });

  it("says when there are none, and sizes read as people read them", async () => {
    api = mockApi(answer([], { status: 204 }));
    renderWithStore(<BackupsSection />);
    expect(await screen.findByText("No backups yet.")).toBeInTheDocument();
    expect([formatSize(512), formatSize(1536), formatSize(3 * 1024 * 1024)]).toEqual([
      "512 B",
      "1.5 KB",
      "3.0 MB",
    ]);
  });
});
