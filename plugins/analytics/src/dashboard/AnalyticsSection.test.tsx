import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import type { AnalyticsReport } from "../../api/analyticsApi";
import { AnalyticsSection, defaultRange } from "./AnalyticsSection";

function reportOf(from: string, to: string): AnalyticsReport {
  return {
    from,
    to,
    days: [
      { date: from, views: 12, visitors: 5, posts: 3, activeMembers: 2 },
      { date: to, views: 30, visitors: 9, posts: 0, activeMembers: 4 },
    ],
    topDiscussions: [{ discussionID: 7, name: "Welcome thread", url: "/discussion/7", views: 21 }],
    searchesWithoutResults: [{ terms: "unicorn paint", count: 3 }],
  };
}

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("AnalyticsSection", () => {
  it("charts the last 30 days with a table for screen readers, top discussions and empty searches", async () => {
    api = mockApi((request) => {
      const { from, to } = request.params as { from: string; to: string };
      return { data: reportOf(from, to) };
    });
    renderWithStore(<AnalyticsSection />);
    const table = await screen.findByRole("table", { name: "Analytics per day" });
    const { from, to } = defaultRange();
    expect(api.requests[0]).toMatchObject({ url: "analytics/report", params: { from, to } });
    const header = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent);
    expect(header).toEqual(["Date", "Page views", "Unique visitors", "Posts", "Active members"]);
    expect(within(table).getByRole("row", { name: new RegExp(to) })).toHaveTextContent(`${to}30904`);
    // The drawn charts show each series' total and are hidden from assistive technology (the table says it).
    expect(screen.getByText("42")).toBeInTheDocument();
    expect(screen.getByText("42").closest("figure")).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByRole("link", { name: "Welcome thread" })).toHaveAttribute("href", "/discussion/7");
    expect(screen.getByRole("row", { name: /Welcome thread/ })).toHaveTextContent("21");
    expect(screen.getByRole("row", { name: /unicorn paint/ })).toHaveTextContent("3");
  });

  it("asks for the chosen range and shows the server's complaint on the field", async () => {
    api = mockApi((request) => {
      const { from, to } = request.params as { from: string; to: string };
      if (from === "2020-01-01")
        return {
          status: 422,
          data: {
            message: "Validation Failed",
            status: 422,
            errors: [
              { field: "from", message: "A report covers at most 366 days.", code: "tooLong", status: 422 },
            ],
          },
        };
      return { data: { ...reportOf(from, to), topDiscussions: [], searchesWithoutResults: [] } };
    });
    const user = userEvent.setup();
    renderWithStore(<AnalyticsSection />);
    await screen.findByRole("table", { name: "Analytics per day" });
    expect(screen.getByText("No discussion was viewed in this range.")).toBeInTheDocument();
    expect(screen.getByText("Every search found something.")).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: "2026-03-01" } });
    fireEvent.change(screen.getByLabelText(/^To\b/), { target: { value: "2026-03-07" } });
    await user.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() =>
      expect(api?.requests.at(-1)).toMatchObject({ params: { from: "2026-03-01", to: "2026-03-07" } }),
    );
    expect(await screen.findByRole("row", { name: /2026-03-07/ })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: "2020-01-01" } });
    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByText("A report covers at most 366 days.")).toBeInTheDocument();
  });
});
