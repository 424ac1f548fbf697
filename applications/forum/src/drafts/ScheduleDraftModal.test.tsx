import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { apiv2 } from "@library/src/api/apiClient";
import { mockApi } from "@library/src/testing/mockApi";
import { ScheduleDraftModal } from "./ScheduleDraftModal";

describe("ScheduleDraftModal", () => {
  it("sends the chosen local date and time as an ISO date", async () => {
    const onSchedule = jest.fn(() => Promise.resolve());
    const user = userEvent.setup();
    renderWithStore(<ScheduleDraftModal isVisible onCancel={jest.fn()} onSchedule={onSchedule} />);
    const dialog = screen.getByRole("dialog", { name: "Schedule" });
    const input = within(dialog).getByLabelText(/Publish on/);
    await user.clear(input);
    await user.type(input, "2031-05-06T07:08");
    await user.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect(onSchedule).toHaveBeenCalledWith(new Date("2031-05-06T07:08").toISOString());
  });

  it("shows the server's refusal under the date", async () => {
    const api = mockApi(() => ({
      status: 422,
      data: {
        message: "Validation Failed",
        status: 422,
        errors: [
          {
            field: "dateScheduled",
            message: "The scheduled date and time must be at least 15 minutes in the future.",
          },
        ],
      },
    }));
    const user = userEvent.setup();
    renderWithStore(
      <ScheduleDraftModal
        isVisible
        onCancel={jest.fn()}
        onSchedule={async (dateScheduled) => {
          await apiv2.patch("drafts/schedule/1", { dateScheduled });
        }}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Schedule" }));
    expect(
      await screen.findByText("The scheduled date and time must be at least 15 minutes in the future."),
    ).toBeInTheDocument();
    api.restore();
  });
});
