import type { AuditLogEntry } from "@forum/api/dashboard";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { AuditLogSection } from "./AuditLogSection";

const ENTRY: AuditLogEntry = {
  auditLogID: 7,
  eventType: "users.patch",
  method: "PATCH",
  path: "/api/v2/users/:id",
  recordType: "user",
  recordID: 12,
  recordName: "Maya",
  userID: 1,
  userName: "admin",
  ipAddress: "127.0.0.1",
  status: 200,
  parentAuditLogID: "page-1",
  requestPath: "/dashboard/members",
  dateInserted: "2026-11-20T10:00:00Z",
  changes: [{ field: "roles", before: "Member", after: "Member, Moderator" }],
};

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("AuditLogSection", () => {
  it("shows the record by name, each change old → new and the page it came from; filters by who, action and days", async () => {
    const user = userEvent.setup();
    const queries: unknown[] = [];
    api = mockApi((request) => {
      queries.push(request.params);
      return { data: [ENTRY], headers: { "x-app-page-result-count": "1" } };
    });
    renderWithStore(
      <MemoryRouter initialEntries={["/dashboard/audit-log"]}>
        <AuditLogSection />
      </MemoryRouter>,
    );
    const row = (await screen.findByText("user #12: Maya")).closest("tr");
    if (!row) throw new Error("No row");
    const changes = within(row).getByRole("listitem");
    expect(changes).toHaveTextContent("roles: Member → changed to Member, Moderator");
    expect(within(row).getByRole("link", { name: "/dashboard/members" })).toHaveAttribute(
      "href",
      expect.stringContaining("/dashboard/members"),
    );

    await user.type(screen.getByLabelText("Who"), "admin");
    await user.type(screen.getByLabelText("Action"), "users.patch");
    await user.type(screen.getByLabelText("From"), "2026-11-01");
    await user.type(screen.getByLabelText("To"), "2026-11-30");
    await user.click(screen.getByRole("button", { name: "Filter" }));
    await screen.findByRole("button", { name: "Clear" });
    expect(queries.at(-1)).toMatchObject({
      actor: "admin",
      eventType: "users.patch",
      dateFrom: "2026-11-01",
      dateTo: "2026-11-30",
    });
    await user.click(screen.getByRole("button", { name: "Clear" }));
    await screen.findByText("user #12: Maya");
    expect(screen.getByLabelText("Who")).toHaveValue("");
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
  });
});
