import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { ReportControls } from "./ReportControls";
import { REPORT_SENT } from "./ReportModal";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("ReportControls and ReportModal", () => {
  it("reports a comment with a reason and a note, then thanks the member", async () => {
    const user = userEvent.setup();
    api = mockApi((request) => ({ status: 201, data: { reportID: 1, ...(request.data as object) } }));
    const { store } = renderWithStore(
      <ReportControls recordType="comment" recordID={7} report={{ canReport: true, iconButton: false }} />,
    );
    await user.click(screen.getByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report Comment" });
    for (const reason of ["Spam", "Abuse", "Inappropriate", "Off-topic", "Other"])
      expect(screen.getByRole("radio", { name: reason })).toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "Abuse" }));
    await user.type(screen.getByLabelText("Note for the moderators (optional)"), "Insults another member");
    await user.click(within(dialog).getByRole("button", { name: "Report" }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.requests).toContainEqual(
      expect.objectContaining({
        method: "POST",
        url: "reports",
        data: { recordType: "comment", recordID: 7, reason: "abuse", note: "Insults another member" },
      }),
    );
    expect(store.getState().toasts.items[0]).toMatchObject({ message: REPORT_SENT });
  });

  it("keeps the dialog open with the server's error", async () => {
    const user = userEvent.setup();
    api = mockApi(() => ({
      status: 400,
      data: { message: "You cannot report your own post.", status: 400 },
    }));
    renderWithStore(
      <ReportControls recordType="comment" recordID={7} report={{ canReport: true, iconButton: false }} />,
    );
    await user.click(screen.getByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report Comment" });
    await user.click(within(dialog).getByRole("button", { name: "Report" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You cannot report your own post.");
    expect(dialog).toBeInTheDocument();
  });

  it("shows the icon button with escalations, and moderators the open reports in a new tab", () => {
    renderWithStore(
      <ReportControls
        recordType="discussion"
        recordID={3}
        inMenu
        report={{
          canReport: true,
          iconButton: true,
          countReports: 2,
          reportsUrl: "/dashboard/content/reports?statuses=none&recordType=discussion&recordID=3",
        }}
      />,
    );
    expect(screen.getByRole("button", { name: "Report content" })).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "2 reports" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("href")).toContain(
      "/dashboard/content/reports?statuses=none&recordType=discussion&recordID=3",
    );
  });

  it("leaves the discussion's text button to its options menu", () => {
    renderWithStore(
      <ReportControls
        recordType="discussion"
        recordID={3}
        inMenu
        report={{ canReport: true, iconButton: false }}
      />,
    );
    expect(screen.queryByRole("button", { name: "Report" })).not.toBeInTheDocument();
  });
});
