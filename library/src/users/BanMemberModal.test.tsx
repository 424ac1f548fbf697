import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "@library/src/testing/mockApi";
import { renderWithStore } from "@library/src/testing/renderWithStore";
import { BanMemberModal } from "./BanMemberModal";

let api: ReturnType<typeof mockApi> | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

describe("BanMemberModal", () => {
  it("starts at the length it is given, sends the reason and days, then reports and closes", async () => {
    api = mockApi(() => ({ data: { banned: true } }));
    const onBanned = jest.fn();
    const onClose = jest.fn();
    const user = userEvent.setup();
    const { store } = renderWithStore(
      <BanMemberModal userID={9} name="Dana" defaultDays={0} onBanned={onBanned} onClose={onClose} />,
    );
    const dialog = screen.getByRole("dialog", { name: "Ban Dana" });
    const length = within(dialog).getByRole("combobox", { name: "Length" });
    expect(length).toHaveDisplayValue("Until unbanned");
    expect(
      within(length)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["1 day", "1 week", "30 days", "Until unbanned"]);
    await user.selectOptions(length, "30 days");
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Ban evasion");
    await user.click(within(dialog).getByRole("button", { name: "Ban" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests.map((request) => [request.method, request.url, request.data])).toEqual([
      ["PUT", "users/9/ban", { banned: true, reason: "Ban evasion", days: 30 }],
    ]);
    expect(onBanned).toHaveBeenCalledTimes(1);
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual(["Dana is banned."]);
  });

  it("shows a field's error at the field only, and stays open", async () => {
    api = mockApi(() => ({
      status: 422,
      data: {
        message: "Validation Failed",
        status: 422,
        errors: [{ field: "reason", code: "maxLength", message: "Reason is too long." }],
      },
    }));
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderWithStore(<BanMemberModal userID={9} name="Dana" defaultDays={7} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Ban Dana" });
    await user.click(within(dialog).getByRole("button", { name: "Ban" }));
    expect(await within(dialog).findByText("Reason is too long.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("alert", { name: /Validation/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByText("Validation Failed")).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(api.requests[0]?.data).toEqual({ banned: true, days: 7 });
  });
});
