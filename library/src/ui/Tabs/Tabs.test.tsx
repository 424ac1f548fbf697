import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Tabs } from "./Tabs";

describe("Tabs", () => {
  it("selects by click and arrow keys with roving focus", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(
      <Tabs
        label="My Account"
        onChange={onChange}
        tabs={[
          { label: "Account", panel: <p>Account panel</p> },
          { label: "Notifications", panel: <p>Notifications panel</p> },
          { label: "Messages", panel: <p>Messages panel</p> },
        ]}
      />,
    );
    expect(screen.getByRole("tablist", { name: "My Account" })).toBeInTheDocument();
    const [account, notifications, messages] = screen.getAllByRole("tab");
    expect(account).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Account" })).toHaveTextContent("Account panel");
    expect(notifications).toHaveAttribute("tabindex", "-1");

    await user.click(notifications!);
    expect(screen.getByRole("tabpanel", { name: "Notifications" })).toHaveTextContent("Notifications panel");
    await user.keyboard("{ArrowRight}");
    expect(messages).toHaveFocus();
    expect(messages).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowRight}");
    expect(account).toHaveFocus();
    await user.keyboard("{End}");
    expect(messages).toHaveFocus();
    expect(onChange.mock.calls).toEqual([[1], [2], [0], [2]]);
  });
});
