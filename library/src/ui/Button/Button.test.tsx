import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button } from "./Button";

describe("Button", () => {
  it("clicks and carries its variant", async () => {
    const onClick = jest.fn();
    render(
      <Button variant="primary" onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Save" });
    expect(button).toHaveClass("button--primary");
    expect(button).toHaveAttribute("type", "button");
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("is disabled and shows a loader while pending", () => {
    jest.useFakeTimers();
    const onClick = jest.fn();
    render(
      <Button pending onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole("button", { name: /Save/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    act(() => jest.advanceTimersByTime(150));
    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
    button.click();
    expect(onClick).not.toHaveBeenCalled();
    jest.useRealTimers();
  });
});
