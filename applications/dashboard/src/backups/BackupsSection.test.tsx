import type { BackupFile } from "@forum/api/backups";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { BackupsSection, formatSize } from "./BackupsSection";

const OLD: BackupFile = {
  fileName: "forum-2026-11-24T08-00-00-000Z.sqlite",
  size: 2_500_000,
  dateInserted: "2026-11-24T08:00:00.000Z",
  format: "sqlite",
};
const NEW: BackupFile = { ...OLD, fileName: "forum-2026-11-25T09-00-00-000Z.sqlite", size: 512 };

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("BackupsSection", () => {
  it("lists backups with download links and makes a new one on top", async () => {
    const user = userEvent.setup();
    api = mockApi((request) => (request.method === "GET" ? { data: [OLD] } : { status: 201, data: NEW }));
    renderWithStore(<BackupsSection />);
    const old = (await screen.findByText(OLD.fileName)).closest("tr") as HTMLElement;
    expect(within(old).getByText("2.4 MB")).toBeInTheDocument();
    expect(within(old).getByRole("link", { name: `Download ${OLD.fileName}` })).toHaveAttribute(
      "href",
      `/api/v2/dashboard/backups/${OLD.fileName}`,
    );
    await user.click(screen.getByRole("button", { name: "Make a backup now" }));
    expect(await screen.findByText(NEW.fileName)).toBeInTheDocument();
    expect(screen.getAllByRole("row").map((row) => row.textContent)).toEqual([
      expect.stringContaining("Backup"),
      expect.stringContaining(NEW.fileName),
      expect.stringContaining(OLD.fileName),
    ]);
    expect(api.requests.at(-1)).toMatchObject({ method: "POST", url: "dashboard/backups" });
  });

  it("says when there are none, and sizes read as people read them", async () => {
    api = mockApi(() => ({ data: [] }));
    renderWithStore(<BackupsSection />);
    expect(await screen.findByText("No backups yet.")).toBeInTheDocument();
    expect([formatSize(512), formatSize(1536), formatSize(3 * 1024 * 1024)]).toEqual([
      "512 B",
      "1.5 KB",
      "3.0 MB",
    ]);
  });
});
