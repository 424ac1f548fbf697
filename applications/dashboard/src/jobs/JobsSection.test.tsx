import type { Job } from "@forum/api/dashboard";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { MailOutboxSection } from "../mail/MailOutboxSection";
import { JobsSection } from "./JobsSection";

const DEAD_JOB: Job = {
  jobID: 41,
  name: "mail.send",
  owner: "dashboard",
  status: "dead",
  attempts: 5,
  maxAttempts: 5,
  runAt: "2026-11-20T10:00:00Z",
  lastError: "SMTP refused the connection.",
  dateInserted: "2026-11-20T10:00:00Z",
  dateCompleted: null,
};
const COUNTS = { pending: 2, running: 0, done: 30, failed: 0, dead: 1 };

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("JobsSection", () => {
  it("filters by state with counts, shows the last error and retries a dead job", async () => {
    const user = userEvent.setup();
    let retried = false;
    api = mockApi((request) => {
      if (request.url === "jobs/counts") return { data: COUNTS };
      if (request.method === "POST") {
        retried = true;
        return { status: 204 };
      }
      const status = (request.params as { status?: string }).status;
      const job = retried ? { ...DEAD_JOB, status: "done", attempts: 1 } : DEAD_JOB;
      return {
        data: status === "pending" ? [] : [job],
        headers: { "x-app-page-current": "1", "x-app-page-limit": "30", "x-app-page-result-count": "1" },
      };
    });
    const { store } = renderWithStore(
      <MemoryRouter initialEntries={["/dashboard/jobs"]}>
        <JobsSection />
      </MemoryRouter>,
    );
    const row = (await screen.findByText("mail.send")).closest("tr")!;
    expect(within(row).getByText("Dead")).toBeInTheDocument();
    expect(within(row).getByText("SMTP refused the connection.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("option", { name: "Dead (1)" })).toBeInTheDocument());

    await user.click(within(row).getByRole("button", { name: "Retry job 41" }));
    await waitFor(() => expect(screen.getByText("Done")).toBeInTheDocument());
    expect(api.requests).toContainEqual(expect.objectContaining({ method: "POST", url: "jobs/41/retry" }));
    expect(store.getState().toasts.items[0]).toMatchObject({ message: "Job 41 will run again." });

    await user.selectOptions(screen.getByLabelText("Status"), "pending");
    expect(await screen.findByText("No jobs.")).toBeInTheDocument();
    expect(api.requests.at(-1)).toMatchObject({
      url: "jobs",
      params: { page: 1, limit: 30, status: "pending" },
    });
  });
});

describe("MailOutboxSection", () => {
  it("shows each mail with its links clickable, so a reset link can be followed", async () => {
    const user = userEvent.setup();
    api = mockApi(() => ({
      data: [
        {
          mailID: 3,
          to: "ada@example.com",
          subject: "Reset your password",
          bodyText: "Open http://localhost:3000/entry/passwordreset/abc to choose a new password.",
          dateInserted: "2026-11-20T10:00:00Z",
          dateSent: null,
          error: null,
          unsubscribeUrl: null,
        },
        {
          mailID: 4,
          to: "ada@example.com",
          subject: "Bob commented on Plans.",
          bodyText: "Bob commented on Plans.",
          dateInserted: "2026-11-20T10:05:00Z",
          dateSent: null,
          error: null,
          unsubscribeUrl: "http://localhost:3000/unsubscribe/abc.def",
        },
      ],
      headers: { "x-app-page-current": "1", "x-app-page-limit": "30", "x-app-page-result-count": "1" },
    }));
    renderWithStore(
      <MemoryRouter initialEntries={["/dashboard/mail"]}>
        <MailOutboxSection />
      </MemoryRouter>,
    );
    await user.click(await screen.findByText("Reset your password"));
    expect(
      screen.getByRole("link", { name: "http://localhost:3000/entry/passwordreset/abc" }),
    ).toHaveAttribute("href", "http://localhost:3000/entry/passwordreset/abc");
    expect(screen.getAllByText("Queued", { selector: ".statusBadge" })).toHaveLength(2);
    // A notification mail shows the one-click unsubscribe address it is sent with.
    await user.click(screen.getByText("Bob commented on Plans.", { selector: "summary" }));
    expect(screen.getByText(/List-Unsubscribe \(one click\)/)).toBeInTheDocument();
    expect(
      screen.getByRole("link", { name: "http://localhost:3000/unsubscribe/abc.def" }),
    ).toBeInTheDocument();
  });
});
